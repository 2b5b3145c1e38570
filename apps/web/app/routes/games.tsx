import { localizePath } from '@chrysos/rules';
import { data, redirect } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { loadGamesPage, loadProviders, loadRecentGames } from '../features/games/games-api.server';
import { gamesErrors } from '../features/games/games-content.server';
import { Lobby } from '../features/games/Lobby';
import { lobbyPageSize } from '../features/games/LobbyGrid';
import { defaultFilter, filterBody, isDefaultView, parseLobbyPath } from '../features/games/lobby-filters';
import { JackpotTicker } from '../features/jackpot/JackpotTicker';
import { loadJackpots } from '../features/jackpot/jackpots.server';
import { WinnersStrip } from '../features/jackpot/WinnersStrip';
import type { Route } from './+types/games';

/**
 * Spec §2 /games/{filters…}: the lobby (app/features/games/Lobby.tsx). The address is the filter
 * (app/features/games/lobby-filters.ts); the first page is rendered on the server from the games API,
 * later ones load as the visitor scrolls. Changing a filter keeps the page where it is
 * (preventScrollReset), as the spec asks of this child.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, content, locale, url } = contentFor(request, context);
  const texts = content.first('games', locale)?.data;
  const providers = await loadProviders(app);
  const unavailable = gamesErrors(content, locale).unavailable ?? null;
  if (!providers) {
    return data(
      { kind: 'failed' as const, locale, unavailable, filter: defaultFilter, providers: [] },
      { status: 503 },
    );
  }

  const parsed = parseLobbyPath(
    params['*'] ?? '',
    url.searchParams,
    providers.map((provider) => provider.slug),
  );
  if (parsed.kind === 'redirect') throw redirect(localizePath(parsed.to, locale), 301);
  if (parsed.kind === 'notFound') {
    throw data(null, { status: 404, statusText: `Page Not Found: ${url.pathname}` });
  }
  const { filter } = parsed;
  const categoryName = texts?.categories[filter.category] ?? filter.category;
  const providerName = providers.find((provider) => provider.slug === filter.provider)?.name ?? null;
  const heading =
    filter.category === 'all'
      ? (providerName ?? texts?.title ?? categoryName)
      : providerName
        ? `${categoryName} · ${providerName}`
        : categoryName;
  const common = { locale, unavailable, filter, providers, heading };

  if (filter.category === 'favorites' && !app.player) {
    return { ...common, kind: 'signIn' as const };
  }
  const [page, recent, jackpots] = await Promise.all([
    loadGamesPage(app, filterBody(filter, 1, lobbyPageSize), locale),
    isDefaultView(filter) ? loadRecentGames(app, locale) : Promise.resolve([]),
    loadJackpots(app),
  ]);
  if (!page) return data({ ...common, kind: 'failed' as const }, { status: 503 });
  return { ...common, kind: 'games' as const, page, recent, jackpots };
}

export const meta: Route.MetaFunction = (args) => {
  const base = pageMeta(args, 'games', 'Games');
  const loaded = args.loaderData;
  if (!loaded || !('heading' in loaded) || isDefaultView(loaded.filter)) return base;
  // A narrowed view is titled by what it shows; searches are not pages of their own for search engines.
  return [
    { title: `${loaded.heading} | Chrysos Casino` },
    ...base.filter((descriptor) => !('title' in descriptor)),
    ...(loaded.filter.search ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
};

export default function GamesLobby({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <JackpotTicker initial={'jackpots' in loaderData ? loaderData.jackpots : null} />
      <Lobby loaderData={loaderData} />
      <WinnersStrip />
    </>
  );
}
