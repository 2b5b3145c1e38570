import { Outlet } from 'react-router';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { Header } from '../features/chrome/Header';
import { errorMeta } from '../features/content/meta';
import { useChrome } from '../lib/route-data';
import type { Route } from './+types/fullscreen';

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args) : []);

/** Spec §2: the header is on every page, with its content links on every layout but the game's. */
function Frame({ children }: { children: React.ReactNode }) {
  const chrome = useChrome();
  return (
    <div className="page page--fullscreen">
      {chrome ? <Header chrome={chrome} /> : null}
      <main className="page__full" id="main">
        {children}
      </main>
    </div>
  );
}

/** Landing and download pages: the header, then the page edge to edge, no footer. */
export default function FullscreenLayout() {
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
