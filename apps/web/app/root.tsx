import { directionOf, localeFromPath } from '@chrysos/rules';
import { lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
} from 'react-router';
import { appContext } from '#app-context';
import type { Route } from './+types/root';
import { AccountEffects } from './features/account/AccountEffects';
import { Analytics } from './features/analytics/Analytics';
import { useRememberPageForGames } from './features/games/game-back-path';
import { reportCaughtError } from './features/monitoring/caught-errors';
import { type PlayerSession, PlayerSessionProvider } from './features/player/player-session';
import { reloadOnChunkError } from './features/pwa/chunk-reload';
import { registerServiceWorker, useStandalone } from './features/pwa/display-mode';
import { LeaveWebViewGuard } from './features/pwa/LeaveWebViewGuard';
import { GroupsUpdates } from './features/realtime/GroupsUpdates';
import { RealtimeProvider } from './features/realtime/RealtimeProvider';
import { catalogueAt, catalogueScript, loadCatalogue, rememberCatalogue } from './i18n/catalogue-store';
import { catalogues, publishedCatalogue } from './i18n/catalogues.server';
import { I18nProvider } from './lib/i18n';
import { ModalHost } from './modals/ModalHost';
import { ModalProvider } from './modals/ModalProvider';
import { LoadingBar } from './ui/LoadingBar';
import './styles/app.css';
// The home page's and the lobby's jackpot ticker and winners strip: render-blocking either way, so
// with the shell's styles rather than one more stylesheet to fetch on the first load (issue 20).
import './styles/jackpot.css';
import { WalletProvider } from './features/cashier/WalletProvider';
import { loadWallet } from './features/cashier/wallet.server';
import { barePage } from './features/studio/bare-page';
import { pageUrl } from './lib/request-url';
import { useRootData } from './lib/route-data';

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(pageUrl(request).pathname);
  const wallet = await loadWallet(context.get(appContext));
  const {
    license,
    realityCheckMinutes,
    mobileAppDomains,
    iosAppStoreUrl,
    player,
    cashierDisabled,
    sessionEndedAtLimit,
    privacyPolicyToAccept,
    content,
    errorReporting,
    realtimeSince,
    analyticsWriteKey,
  } = context.get(appContext);
  const catalogue = publishedCatalogue(locale).href;
  rememberCatalogue(catalogue, catalogues[locale]);
  // The notice of the privacy policy version the player has still to accept, in the page's language.
  const privacyNotice = privacyPolicyToAccept
    ? (content
        .list('privacyPolicyUpdate', locale)
        .find((item) => Date.parse(item.data.utcDateTime) === Date.parse(privacyPolicyToAccept))?.data ??
      null)
    : null;
  return {
    locale,
    catalogue,
    license,
    realityCheckMinutes,
    mobileAppDomains,
    iosAppStoreUrl,
    player,
    cashierDisabled,
    sessionEndedAtLimit,
    privacyNotice,
    errorReporting,
    wallet,
    realtimeSince,
    analyticsWriteKey,
  };
}

/**
 * The root's data follows the path's language and the session, never the query: a filter or a page of
 * a list does not read the player and the wallet again. Anything else keeps React Router's default.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;

/** A page in another language renders once its messages are here (i18n/catalogue-store.ts). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalogue(data.catalogue);
  return data;
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/brand/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/brand/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

/**
 * Home and the games lobby keep their scroll position whenever the visitor comes back to them, not only
 * on "back" (spec §2); other pages restore per history entry. The lobby is one view whatever its filters
 * (the `/games` child keeps page scroll): a key per filter address would restore the position a filter
 * was last seen at, so changing a filter jumped to it (issue 31 item 14).
 */
function scrollKey(location: { pathname: string; key: string }): string {
  const lobby = /^(\/el)?\/games(\/.*)?$/.exec(location.pathname);
  if (lobby) return `${lobby[1] ?? ''}/games`;
  return /^(\/el)?\/?$/.test(location.pathname) ? location.pathname : location.key;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const { pathname } = useLocation();
  // A bare page (a game client) names its language in its own address, not in the path.
  const bare = barePage(useMatches());
  const locale = bare?.lang ?? data?.locale ?? 'en';
  // Landing pages under /promos/ keep the browser's own scrollbar (spec §2).
  const scrollbar = /^(\/el)?\/promos\//.test(pathname) ? undefined : 'custom-scrollbar';
  return (
    <html lang={locale} dir={directionOf(locale)} className={scrollbar}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15121f" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an empty one matches what hydration finds,
            as browsers hide nonces from the page. Scripts get the answer's nonce (entry.server). */}
        <Links nonce="" />
      </head>
      <body>
        {data ? (
          <I18nProvider locale={data.locale} messages={catalogueAt(data.catalogue) ?? {}}>
            {children}
          </I18nProvider>
        ) : (
          children
        )}
        {/* The page's messages (i18n/catalogue-store.ts): deferred, so fetched at low priority behind
            the styles and pictures of the first paint, and run before the modules that hydrate. */}
        {data ? <script defer src={catalogueScript(data.catalogue)} data-catalogue={data.catalogue} /> : null}
        <ScrollRestoration getKey={scrollKey} />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Game clients in the casino's iframe render bare: the page around the iframe has the casino.
  const bare = barePage(useMatches());
  // Says the page is live (its effects run after every route's): browser tests wait for it before they
  // type or click, which a page still showing the server's HTML would not answer.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // Sentry's browser SDK when the server gave a DSN (spec §9): imported only now, after hydration, so
  // no first load preloads or runs any of it. `<html data-error-reporting>` says when it reports. Its
  // chunk failing to load (gone after a deploy, a flaky network) leaves the page as it is.
  const { errorReporting } = loaderData;
  useEffect(() => {
    if (!errorReporting) return;
    import('./features/monitoring/error-reporting').then(
      (module) => {
        module.startErrorReporting(errorReporting);
        document.documentElement.dataset.errorReporting = 'started';
      },
      () => undefined,
    );
  }, [errorReporting]);
  return bare ? (
    <Outlet />
  ) : (
    <CasinoApp player={loaderData.player} wallet={loaderData.wallet} since={loaderData.realtimeSince} />
  );
}

/** The reality check (decision 24), for a signed-in player under a licence or setting that asks for it. */
const RealityCheck = lazy(() =>
  import('./features/compliance/reality-check/RealityCheck').then((module) => ({
    default: module.RealityCheck,
  })),
);

/** The bonus engine's pushes, for a signed-in player only: a visitor's first load does without them. */
const BonusesUpdates = lazy(() =>
  import('./features/bonuses/BonusesUpdates').then((module) => ({ default: module.BonusesUpdates })),
);
/** Realtime CRM messages (content realtimeCrmConfigure), for a signed-in player only. */
const CrmMessages = lazy(() =>
  import('./features/crm/CrmMessages').then((module) => ({ default: module.CrmMessages })),
);
/** Says why a session ended at the player's session-time limit (issue 17). */
const SessionLimitWatch = lazy(() =>
  import('./features/compliance/limits/SessionLimitWatch').then((module) => ({
    default: module.SessionLimitWatch,
  })),
);
const SessionLimitEnded = lazy(() =>
  import('./features/compliance/limits/SessionLimitWatch').then((module) => ({
    default: module.SessionLimitEnded,
  })),
);

function CasinoApp({
  player,
  wallet,
  since,
}: Pick<Route.ComponentProps['loaderData'], 'player' | 'wallet'> & {
  since: Route.ComponentProps['loaderData']['realtimeSince'];
}) {
  const { license, realityCheckMinutes, sessionEndedAtLimit } = useRootData() ?? {};
  const session = useMemo<PlayerSession>(
    () =>
      player
        ? {
            status: 'loggedIn',
            id: player.id,
            email: player.email,
            groups: player.statuses.map((status) => status.id),
            player,
          }
        : { status: 'loggedOut' },
    [player],
  );
  useRememberPageForGames();
  const standalone = useStandalone();
  useEffect(() => {
    document.documentElement.dataset.displayMode = standalone ? 'standalone' : 'browser';
  }, [standalone]);
  // A chunk or stylesheet gone after a deploy reloads to the wanted page: entry.client.tsx (spec §8).
  useEffect(() => {
    registerServiceWorker();
  }, []);

  return (
    <PlayerSessionProvider session={session}>
      <RealtimeProvider since={since}>
        <WalletProvider initial={wallet}>
          <ModalProvider>
            <LoadingBar />
            <Outlet />
            <ModalHost />
            <AccountEffects standalone={standalone} />
            <Analytics />
            <LeaveWebViewGuard standalone={standalone} />
            <GroupsUpdates />
            {player ? (
              <Suspense fallback={null}>
                <BonusesUpdates />
                <CrmMessages />
                <SessionLimitWatch />
              </Suspense>
            ) : null}
            {!player && sessionEndedAtLimit ? (
              <Suspense fallback={null}>
                <SessionLimitEnded minutes={sessionEndedAtLimit} />
              </Suspense>
            ) : null}
            {player && license && realityCheckMinutes ? (
              <Suspense fallback={null}>
                <RealityCheck licence={license} minutes={realityCheckMinutes} player={player.id} />
              </Suspense>
            ) : null}
          </ModalProvider>
        </WalletProvider>
      </RealtimeProvider>
    </PlayerSessionProvider>
  );
}

/** Reached only when the root loader itself failed, so no translations are at hand. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    reloadOnChunkError(error);
    reportCaughtError(error);
  }, [error]);
  return (
    <main className="error-page">
      <h1>Chrysos Casino</h1>
      <p>Something went wrong while loading this page. Please try again in a moment.</p>
      <a className="button button--primary" href="/">
        Back to the home page
      </a>
    </main>
  );
}
