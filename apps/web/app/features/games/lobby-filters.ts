import type { GamesFilterBody, GamesSort, GameVolatility } from '@chrysos/contract';

/**
 * Spec §2 /games/{filters…}: the lobby's address is its filter. The path holds a category and
 * optionally a provider (`/games/slots/aegean-reels`); volatility, sort and a search term ride in the
 * query (`?volatility=low,high&sort=new&search=zeus`), so every view can be linked, shared and rendered
 * on the server. Defaults are left out, so one view has one address.
 */

/** The lobby's categories, in the order the chips show them (texts in the `games` collection). */
export const lobbyCategories = [
  'all',
  'slots',
  'classic-slots',
  'roulette',
  'blackjack',
  'dice',
  'table',
  'new',
  'popular',
  'favorites',
] as const;
export type LobbyCategory = (typeof lobbyCategories)[number];

export const volatilities: readonly GameVolatility[] = ['low', 'medium', 'high'];
export const sorts: readonly GamesSort[] = ['popularity', 'new', 'name'];
export const defaultSort: GamesSort = 'popularity';
export const searchMaxLength = 100;

export interface LobbyFilter {
  category: LobbyCategory;
  provider: string | null;
  /** Sorted low → high and without repeats, so equal filters have equal addresses. */
  volatility: GameVolatility[];
  sort: GamesSort;
  search: string;
}

export const defaultFilter: LobbyFilter = {
  category: 'all',
  provider: null,
  volatility: [],
  sort: defaultSort,
  search: '',
};

export const isLobbyCategory = (value: string): value is LobbyCategory =>
  (lobbyCategories as readonly string[]).includes(value);

/** What an address asks for: a filter, another address saying the same (redirect), or nothing (404). */
export type ParsedLobbyPath =
  | { kind: 'filter'; filter: LobbyFilter }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

function volatilityFrom(values: string[]): GameVolatility[] {
  const wanted = new Set(values.flatMap((value) => value.split(',')).map((value) => value.trim()));
  return volatilities.filter((level) => wanted.has(level));
}

/**
 * Reads the splat after /games/ and the query. `providers` are the slugs the lobby knows; a provider
 * alone (`/games/aegean-reels`) is read as that provider's whole catalogue and redirected there.
 */
export function parseLobbyPath(
  splat: string,
  query: URLSearchParams,
  providers: readonly string[],
): ParsedLobbyPath {
  const segments = splat.split('/').filter((segment) => segment !== '');
  const [first, second, ...rest] = segments;
  const sortParam = query.get('sort');
  const filter: LobbyFilter = {
    ...defaultFilter,
    volatility: volatilityFrom(query.getAll('volatility')),
    sort: sorts.find((sort) => sort === sortParam) ?? defaultSort,
    search: (query.get('search') ?? '').trim().slice(0, searchMaxLength),
  };
  if (rest.length > 0 || first === undefined) return { kind: 'notFound' };
  if (!isLobbyCategory(first)) {
    if (second === undefined && providers.includes(first)) {
      return { kind: 'redirect', to: lobbyPath({ ...filter, category: 'all', provider: first }) };
    }
    return { kind: 'notFound' };
  }
  if (second !== undefined && !providers.includes(second)) return { kind: 'notFound' };
  return { kind: 'filter', filter: { ...filter, category: first, provider: second ?? null } };
}

/** The address of a filter (without the locale prefix): `/games/slots/aegean-reels?sort=new`. */
export function lobbyPath(filter: LobbyFilter): string {
  const path = `/games/${filter.category}${filter.provider ? `/${filter.provider}` : ''}`;
  const query = new URLSearchParams();
  const volatility = volatilityFrom(filter.volatility);
  if (volatility.length > 0) query.set('volatility', volatility.join(','));
  if (filter.sort !== defaultSort) query.set('sort', filter.sort);
  const search = filter.search.trim();
  if (search) query.set('search', search);
  const text = query.toString().replace(/%2C/g, ',');
  return text ? `${path}?${text}` : path;
}

/** The same filter with one volatility level switched on or off. */
export function toggleVolatility(filter: LobbyFilter, level: GameVolatility): LobbyFilter {
  const on = filter.volatility.includes(level);
  return {
    ...filter,
    volatility: volatilities.filter((candidate) =>
      candidate === level ? !on : filter.volatility.includes(candidate),
    ),
  };
}

/** Whether the visitor narrowed the lobby beyond a category (the "clear filters" link shows then). */
export const hasRefinements = (filter: LobbyFilter) =>
  filter.provider !== null || filter.volatility.length > 0 || filter.search !== '';

/** The lobby's default view: everything, best first — where recently played games are shown. */
export const isDefaultView = (filter: LobbyFilter) =>
  filter.category === 'all' && !hasRefinements(filter) && filter.sort === defaultSort;

/** One page of a filter as POST /games_filter takes it. */
export function filterBody(filter: LobbyFilter, page: number, pageSize: number): GamesFilterBody {
  const body: GamesFilterBody = { sort: filter.sort, page, page_size: pageSize };
  if (filter.category === 'favorites') body.favorites = true;
  else if (filter.category !== 'all') body.categories = [filter.category];
  if (filter.provider) body.providers = [filter.provider];
  if (filter.volatility.length > 0) body.volatility = filter.volatility;
  if (filter.search) body.search = filter.search;
  return body;
}

/** A stable key of a filter, for caches of the pages loaded for it. */
export const filterKey = (filter: LobbyFilter) => lobbyPath(filter);
