import { localizePath } from '@chrysos/rules';
import { data, isRouteErrorResponse, Link, useRevalidator } from 'react-router';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { contentFor } from '../features/content/load.server';
import { alternateLinks, errorMeta } from '../features/content/meta';
import { formatRtp } from '../features/games/format';
import { GameBar } from '../features/games/GameBar';
import { GamePage } from '../features/games/GamePage';
import { GamesErrorPanel, type GamesErrorText } from '../features/games/GamesErrorPanel';
import { hasMoneyToPlay, loadGameBySeoTitle } from '../features/games/games-api.server';
import { gamesErrors } from '../features/games/games-content.server';
import { loadJackpots } from '../features/jackpot/jackpots.server';
import { loadTournaments } from '../features/tournaments/tournaments.server';
import { catalogues } from '../i18n/catalogues.server';
import { createTranslator, useTranslation } from '../lib/i18n';
import type { Route } from './+types/game';
import '../styles/games.css';

/**
 * Spec §2 /game/{urlId}: the game by its seo title, in an iframe from its launch options — demo for
 * everyone, real money for a signed-in player (`?mode=real`), and real money first for a player with money
 * in the active account (`?mode=demo` is their choice). An unknown urlId is a 404 with the
 * `gamesError` not-found text; a game that cannot start says why from the same collection. Launching
 * opens a session at the studio, so it happens in the browser of someone looking at the page, never
 * while a page is rendered for a crawler or revalidated.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, content, locale, url } = contentFor(request, context);
  const errors = gamesErrors(content, locale);
  const game = await loadGameBySeoTitle(app, params.urlId, locale);
  if (game === 'failed') throw data({ gamesError: errors.unavailable ?? null }, { status: 503 });
  if (game === null) {
    throw data(
      { gamesError: errors.not_found ?? null },
      { status: 404, statusText: `Page Not Found: ${url.pathname}` },
    );
  }
  const t = createTranslator(catalogues[locale]);
  // The notices above the stage are in the HTML, so the stage does not move down as they arrive.
  const [funded, jackpots, tournaments] = await Promise.all([
    hasMoneyToPlay(app),
    game.categories.includes('slots') ? loadJackpots(app) : null,
    app.player ? loadTournaments(app, 'active') : null,
  ]);
  return {
    game,
    errors,
    funded,
    jackpots,
    tournament:
      tournaments?.find((entry) => entry.games.some((listed) => listed.url_id === game.seo_title)) ?? null,
    origin: app.origin,
    title: t('game.metaTitle', { title: game.title, provider: game.provider_name }),
    description: t('game.metaDescription', {
      title: game.title,
      provider: game.provider_name,
      rtp: formatRtp(game.rtp, locale),
    }),
  };
}

export const meta: Route.MetaFunction = (args) => {
  if (args.error || !args.loaderData) return errorMeta(args);
  const { title, description, origin, game } = args.loaderData;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${origin}/_ipx/w_640,f_webp${game.thumbnail}` },
    ...alternateLinks(origin, args.location.pathname),
  ];
};

export default function GameRoute({ loaderData }: Route.ComponentProps) {
  return (
    <GamePage
      game={loaderData.game}
      errors={loaderData.errors}
      funded={loaderData.funded}
      jackpots={loaderData.jackpots}
      tournament={loaderData.tournament}
    />
  );
}

/** An unknown urlId (404) or a catalogue that cannot answer (503), in the words of `gamesError`. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, locale } = useTranslation();
  const revalidator = useRevalidator();
  const entry = isRouteErrorResponse(error)
    ? (error.data as { gamesError?: GamesErrorText | null } | null)?.gamesError
    : null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="game-page">
      <GameBar />
      {entry ? (
        <div className="game-missing">
          {status === 404 ? (
            <img className="error-page__image" src="/images/not-found.svg" width={320} height={200} alt="" />
          ) : null}
          <GamesErrorPanel
            entry={entry}
            icon={status === 404 ? 'search' : 'warning'}
            headingLevel={1}
            action={status === 404 ? undefined : () => revalidator.revalidate()}
          >
            <Link className="button button--ghost" to={localizePath('/', locale)}>
              {t('errors.goHome')}
            </Link>
          </GamesErrorPanel>
        </div>
      ) : (
        <ErrorScreen error={error} />
      )}
    </div>
  );
}
