import type { Game, GameProvider, GamesFilterBody, GamesPage } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import type { AppContext } from '../../lib/app-context';

/**
 * The games API (v2) as page loaders read it, through the in-process API client of the app context: the
 * visitor's session, country and currency decide what they see, exactly as in the browser.
 */

/** GET /games/providers; null when the API could not answer. */
export async function loadProviders(app: AppContext): Promise<GameProvider[] | null> {
  const answer = await app.api(endpoints.games.providers, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/**
 * Whether the signed-in player has money to play with in the active account (real or bonus): their games
 * open in real money then, and Demo is their choice. False for a visitor, or when the API could not answer.
 */
export async function hasMoneyToPlay(app: AppContext): Promise<boolean> {
  if (!app.player) return false;
  const answer = await app.api(endpoints.wallet.accounts, {}).catch(() => null);
  return answer?.ok ? answer.body.some((account) => account.active && account.amount_cents > 0) : false;
}

/** POST /games_filter; null when the API could not answer. */
export async function loadGamesPage(
  app: AppContext,
  filter: GamesFilterBody,
  locale: Locale,
): Promise<GamesPage | null> {
  const answer = await app.api(endpoints.games.filter, { query: { locale }, body: filter }).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/**
 * POST /games_filter/select_by_seo_titles for one urlId: the game, `null` when there is none (or the
 * visitor may not see it), `'failed'` when the API could not answer.
 */
export async function loadGameBySeoTitle(
  app: AppContext,
  seoTitle: string,
  locale: Locale,
): Promise<Game | null | 'failed'> {
  const answer = await app
    .api(endpoints.games.selectBySeoTitles, { query: { locale }, body: { seo_titles: [seoTitle] } })
    .catch(() => null);
  // A urlId the API refuses to look up (too long, say) names no game.
  if (answer?.status === 422) return null;
  if (!answer?.ok) return 'failed';
  return answer.body.games.find((game) => game.seo_title === seoTitle) ?? null;
}

/** GET /player/recent_games for the signed-in player; empty when there are none or it failed. */
export async function loadRecentGames(app: AppContext, locale: Locale): Promise<Game[]> {
  if (!app.player) return [];
  const answer = await app.api(endpoints.games.recentGames, { query: { locale } }).catch(() => null);
  return answer?.ok ? answer.body.games : [];
}
