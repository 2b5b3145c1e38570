import { Outlet } from 'react-router';
import { ConfirmEmailBar } from '../features/account/ConfirmEmailBar';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { Footer } from '../features/chrome/Footer';
import { Header } from '../features/chrome/Header';
import { MobileNav } from '../features/chrome/MobileNav';
import { BottomPromo, DownBar } from '../features/chrome/PromoStrips';
import { PrivacyPolicyNotice } from '../features/compliance/privacy-policy/PrivacyPolicyNotice';
import { errorMeta } from '../features/content/meta';
import { usePlayer } from '../features/player/player-session';
import { useChrome, useRootData } from '../lib/route-data';
import type { Route } from './+types/default';

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args) : []);

function Frame({ children }: { children: React.ReactNode }) {
  const chrome = useChrome();
  const player = usePlayer();
  const privacyNotice = useRootData()?.privacyNotice ?? null;
  return (
    <div className={chrome ? 'page page--nav' : 'page'}>
      {chrome ? <Header chrome={chrome} /> : null}
      {/* In the page's bundle, not loaded apart: a bar rendered on the server and then suspended on the
          client vanished and came back, moving the whole page by its height (seen in CI). */}
      {player && !player.confirmed ? <ConfirmEmailBar /> : null}
      {player && privacyNotice ? <PrivacyPolicyNotice notice={privacyNotice} /> : null}
      <main className="page__main" id="main">
        {children}
      </main>
      {chrome ? (
        <>
          <BottomPromo chrome={chrome} />
          <Footer chrome={chrome} />
          <DownBar chrome={chrome} />
          <MobileNav locale={chrome.locale} />
        </>
      ) : null}
    </div>
  );
}

/** The default layout: header, page, promo strip, footer. Errors of its pages render inside it. */
export default function DefaultLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorScreen error={error} />
    </Frame>
  );
}
