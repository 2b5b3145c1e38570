import type { Player } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoutesStub, Outlet, useLoaderData } from 'react-router';
import { type WalletData, WalletProvider } from '../features/cashier/WalletProvider';
import { type PlayerSession, PlayerSessionProvider } from '../features/player/player-session';
import { catalogues } from '../i18n/catalogues.server';
import { I18nProvider } from '../lib/i18n';
import { ModalProvider } from '../modals/ModalProvider';
import { aPlayer, aWallet } from './wallet-fixtures';

interface StubRootData {
  locale: Locale;
  player: Player | null;
  session: PlayerSession;
  license: 'default';
  cashierDisabled: boolean;
  wallet: WalletData | null;
}

/** The root route of the stub: the providers root.tsx gives every page. */
function StubRoot() {
  const { locale, session, wallet } = useLoaderData() as StubRootData;
  return (
    <I18nProvider locale={locale} messages={catalogues[locale]}>
      <PlayerSessionProvider session={session}>
        <WalletProvider initial={wallet}>
          <ModalProvider>
            <Outlet />
          </ModalProvider>
        </WalletProvider>
      </PlayerSessionProvider>
    </I18nProvider>
  );
}

const NothingYet = () => null;

/**
 * How long a test waits for the stub's first render before it gives up: a ceiling for a loaded machine
 * (the route's loader and the page's chunks settle in a few ms alone), never a budget.
 */
export const firstRender = { timeout: 30_000 };

/** What a page's route stub is given: its module's parts and what its loader answers. */
export interface StubbedRoute {
  /** The route's path as routes.ts declares it, say `/profile/bonuses`. */
  path: string;
  /** The route module's default export. */
  Component: ComponentType<never>;
  /** The answer of the route's loader, as the server would give it for this visitor or player. */
  loaderData: unknown;
  /** The address opened; the path unless told. */
  url?: string;
  locale?: Locale;
  /** The signed-in player; a visitor when absent. */
  player?: Player | null;
  /** The player's accounts and the currencies, as the root loader reads them for a player. */
  wallet?: WalletData | null;
  /** The route's action, when the page submits through one. */
  action?: (args: { request: Request }) => unknown;
}

/**
 * Renders one route of the site in a memory router (React Router's `createRoutesStub`), under the
 * providers the root route gives every page (messages in the locale, the player's session and wallet,
 * modals),
 * with the loader answering what the test says. The stub hands the page its `loaderData` as the
 * framework does. It shows what a page renders from its loader data,
 * not the server's reads: the browser specs cover those against the real server.
 */
export function renderRoute({
  path,
  Component,
  loaderData,
  url = path,
  locale = 'en',
  player = null,
  wallet = null,
  action,
}: StubbedRoute) {
  const session: PlayerSession = player
    ? {
        status: 'loggedIn',
        id: player.id,
        email: player.email,
        groups: player.statuses.map((status) => status.id),
        player,
      }
    : { status: 'loggedOut' };
  const rootData: StubRootData = {
    locale,
    player,
    session,
    license: 'default',
    cashierDisabled: false,
    wallet,
  };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: StubRoot,
      loader: () => rootData,
      HydrateFallback: NothingYet,
      children: [
        {
          path: path.replace(/^\//, ''),
          Component: Component as ComponentType,
          loader: () => loaderData,
          action,
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

/** Two players whose own settings differ, for pages that must show each only their own: English and Greek. */
export const eleni = aPlayer();
export const nikos = aPlayer({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'nikos@example.gr',
  language: 'el',
});

/** Renders `path` as a signed-in `player` opens it: in their language (under /el), €50 in their wallet. */
export function renderForPlayer(player: Player, route: Omit<StubbedRoute, 'locale' | 'player' | 'wallet'>) {
  const locale: Locale = player.language === 'el' ? 'el' : 'en';
  return renderRoute({
    ...route,
    path: `${locale === 'el' ? '/el' : ''}${route.path}`,
    locale,
    player,
    wallet: aWallet({ amount_cents: 5_000 }),
  });
}
