import type { Game, GamesFilterBody, GamesPage, LaunchOptions } from '@chrysos/contract';
import type { Locale } from '@chrysos/rules';

/** Spec §7: the games API is version 2 of the player API. */
export const gamesMediaType = 'application/vnd.s.v2+json';

async function callGamesApi<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<{ status: number; body: T | null }> {
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: gamesMediaType,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as T) : null };
  } catch {
    return { status: response.status, body: null };
  }
}

/** POST /games_filter: one page of games; rejects unless the API answered with one. */
export async function fetchGamesPage(
  filter: GamesFilterBody,
  locale: Locale,
  signal?: AbortSignal,
): Promise<GamesPage> {
  const answer = await callGamesApi<GamesPage>('POST', `/games_filter?locale=${locale}`, {
    body: filter,
    signal,
  });
  if (answer.status !== 200 || !answer.body) throw new Error(`games_filter answered ${answer.status}`);
  return answer.body;
}

export type LaunchAnswer =
  | { ok: true; options: LaunchOptions }
  /** 401 sign in, 403 restricted, 404 gone, 422 no demo, anything else unavailable. */
  | { ok: false; status: number };

/** GET /games/launch_options/{provider}/{seo_title}: where the game runs, in demo or for real money. */
export async function fetchLaunchOptions(
  game: Pick<Game, 'provider' | 'seo_title'>,
  mode: 'demo' | 'real',
  locale: Locale,
  signal?: AbortSignal,
): Promise<LaunchAnswer> {
  const path = `/games/launch_options/${encodeURIComponent(game.provider)}/${encodeURIComponent(game.seo_title)}?mode=${mode}&locale=${locale}`;
  const answer = await callGamesApi<LaunchOptions>('GET', path, { signal }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return { status: 0, body: null };
  });
  return answer.status === 200 && answer.body?.game_url
    ? { ok: true, options: answer.body }
    : { ok: false, status: answer.status };
}

/** PUT or DELETE /player/favorite_games/{identifier}; the status the API answered (204 when done). */
export async function saveFavorite(identifier: string, favorite: boolean): Promise<number> {
  const path = `/player/favorite_games/${encodeURIComponent(identifier)}`;
  const answer = await callGamesApi(favorite ? 'PUT' : 'DELETE', path).catch(() => ({ status: 0 }));
  return answer.status;
}
