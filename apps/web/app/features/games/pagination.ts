/**
 * The lobby's infinite list: pages of POST /games_filter appended one after another. A page may repeat
 * a game that moved between two reads (its popularity changed, say); it is shown once, where it
 * first appeared.
 */
export interface PageOf<T> {
  games: T[];
  pagination: { page: number; total: number; next_page: number | null };
}

export interface PagedList<T> {
  games: T[];
  /** The page to ask for next; null once everything is shown. */
  nextPage: number | null;
  /** How many games match, as the latest page said. */
  total: number;
}

type Identified = { identifier: string };

export function firstPage<T extends Identified>(page: PageOf<T>): PagedList<T> {
  return appendPage({ games: [], nextPage: 1, total: 0 }, page);
}

export function appendPage<T extends Identified>(list: PagedList<T>, page: PageOf<T>): PagedList<T> {
  const seen = new Set(list.games.map((game) => game.identifier));
  const added = page.games.filter((game) => {
    if (seen.has(game.identifier)) return false;
    seen.add(game.identifier);
    return true;
  });
  // A page that adds nothing new while promising more would make the list ask forever.
  const stalled = added.length === 0 && page.games.length > 0;
  return {
    games: [...list.games, ...added],
    nextPage: stalled ? null : page.pagination.next_page,
    total: Math.max(page.pagination.total, list.games.length + added.length),
  };
}

/**
 * Pages the list loads by itself as the visitor scrolls near its end; after that a "Show more games"
 * button asks first, so the footer stays reachable.
 */
export const autoLoadedPages = 3;

export function mayAutoLoad(
  list: PagedList<unknown>,
  state: { loading: boolean; failed: boolean; autoLoads: number },
): boolean {
  return list.nextPage !== null && !state.loading && !state.failed && state.autoLoads < autoLoadedPages;
}
