import type { Game, GamesFilterBody, GamesPage, LaunchOptions } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { api } from '../../lib/api';

/** POST /games_filter: one page of games; rejects unless the API answered with one. */
export async function fetchGamesPage(
  filter: GamesFilterBody,
  locale: Locale,
  signal?: AbortSignal,
): Promise<GamesPage> {
  const answer = await api(endpoints.games.filter, { query: { locale }, body: filter, signal });
  if (!answer.ok) throw new Error(`games_filter answered ${answer.status}`);
  return answer.body;
}

export type LaunchAnswer =
  | { ok: true; options: LaunchOptions }
  /** 401 sign in, 403 restricted, 404 gone, 422 no demo, anything else unavailable; `code` the first error code. */
  | { ok: false; status: number; code?: string | undefined };

/** The first error code of a refusal's body (`{"codes":{field:[code]}}`), if it has one. */
const firstCode = (body: unknown): string | undefined =>
  Object.values((body as { codes?: Record<string, string[]> } | null)?.codes ?? {})[0]?.[0];

/** GET /games/launch_options/{provider}/{seo_title}: where the game runs, in demo or for real money. */
export async function fetchLaunchOptions(
  game: Pick<Game, 'provider' | 'seo_title'>,
  mode: 'demo' | 'real',
  locale: Locale,
  signal?: AbortSignal,
  /** The player's free spins to play in a real-money session (GET /player/freespins/). */
  freespins?: string | null,
): Promise<LaunchAnswer> {
  const answer = await api(endpoints.games.launchOptions, {
    params: { provider: game.provider, game: game.seo_title },
    query: { mode, locale, ...(freespins && mode === 'real' ? { freespins } : {}) },
    signal,
  }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return { ok: false as const, status: 0 };
  });
  // Version 2 answers the mode too: an answer without it is not one this page can use.
  return answer.ok && 'mode' in answer.body && answer.body.game_url
    ? { ok: true, options: answer.body }
    : { ok: false, status: answer.status, code: 'body' in answer ? firstCode(answer.body) : undefined };
}

/** PUT or DELETE /player/favorite_games/{identifier}; the status the API answered (204 when done). */
export async function saveFavorite(identifier: string, favorite: boolean): Promise<number> {
  const target = favorite ? endpoints.games.addFavorite : endpoints.games.removeFavorite;
  const answer = await api(target, { params: { id: identifier } }).catch(() => ({ status: 0 }));
  return answer.status;
}
