import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { localeQuery } from './info.ts';

/** Games API (spec §7 Games, Favorites): the lobby's catalogue, filters and launch. */

export const gameVolatility = z.enum(['low', 'medium', 'high']);
export type GameVolatility = z.infer<typeof gameVolatility>;
export const gameDevice = z.enum(['desktop', 'mobile']);
export type GameDevice = z.infer<typeof gameDevice>;
export const gamesSort = z.enum(['popularity', 'new', 'name']);
export type GamesSort = z.infer<typeof gamesSort>;

/** Provider slugs, categories and seo titles are lowercase words joined by hyphens. */
const slug = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(60, 'must be at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected a lowercase slug such as aegean-reels');

export const game = z
  .object({
    /** `<provider>:<game code>`, e.g. `chrysos-originals:golden-drachma`. */
    identifier: z.string(),
    /** The game page's urlId: /game/{seo_title}. */
    seo_title: z.string(),
    /** In the requested locale (`?locale=`). */
    title: z.string(),
    description: z.string(),
    provider: z.string(),
    provider_name: z.string(),
    categories: z.array(z.string()),
    /** Image path for the optimiser, e.g. `/_ipx/w_320,f_webp${thumbnail}`. */
    thumbnail: z.string(),
    volatility: gameVolatility,
    /** Return to player in percent. */
    rtp: z.number(),
    lines: z.number().int().nullable(),
    features: z.array(z.string()),
    has_demo: z.boolean(),
    devices: z.array(gameDevice),
    /** Whether the signed-in player marked it; always false for a visitor. */
    favorite: z.boolean(),
    released_at: z.iso.datetime(),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof game>;

export const gamesList = z.object({ games: z.array(game) }).meta({ id: 'GamesList' });
export type GamesList = z.infer<typeof gamesList>;

/** Locale of the titles and descriptions in an answer: `?locale=en` (default) or `el`. */
export const gamesLocaleQuery = localeQuery;

export const gameProvider = z
  .object({
    slug: z.string(),
    name: z.string(),
    /** Games of the provider the caller may play (restrictions applied). */
    games_count: z.number().int(),
  })
  .meta({ id: 'GameProvider' });
export type GameProvider = z.infer<typeof gameProvider>;
export const gameProviders = z.array(gameProvider);

/** POST /games_filter: every given filter must match; the values inside one filter are alternatives. */
export const gamesFilterBody = z
  .strictObject({
    providers: z.array(slug).max(50).optional(),
    categories: z.array(slug).max(20).optional(),
    /** Words to find in the English or Greek title or the provider's name, accents and case ignored. */
    search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    volatility: z.array(gameVolatility).max(3).optional(),
    device: gameDevice.optional(),
    /** Only the signed-in player's favourites (401 for a visitor). */
    favorites: z.boolean().optional(),
    sort: gamesSort.default('popularity'),
    page: z.number().int().min(1).max(10_000).default(1),
    page_size: z.number().int().min(1).max(100).default(24),
  })
  .meta({ id: 'GamesFilter' });
export type GamesFilterBody = z.input<typeof gamesFilterBody>;
export type GamesFilter = z.output<typeof gamesFilterBody>;

export const pagination = z
  .object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    next_page: z.number().int().nullable(),
  })
  .meta({ id: 'Pagination' });

export const gamesPage = z.object({ games: z.array(game), pagination }).meta({ id: 'GamesPage' });
export type GamesPage = z.infer<typeof gamesPage>;

export const gamesSelectBody = z
  .strictObject({ identifiers: z.array(z.string().max(130)).max(100, 'at most 100 games at once') })
  .meta({ id: 'GamesSelect' });
export const gamesSelectBySeoTitlesBody = z
  .strictObject({ seo_titles: z.array(z.string().max(130)).max(100, 'at most 100 games at once') })
  .meta({ id: 'GamesSelectBySeoTitles' });

export const launchMode = z.enum(['demo', 'real']);
export const launchOptionsQuery = localeQuery.extend({
  mode: launchMode.default('demo'),
  /** Free spins of the player's (GET /player/freespins/) to play in this real-money session. */
  freespins: z.uuid().optional(),
});

/** How the web app opens a game: in an iframe on /game/{urlId}. */
export const launchOptionsV1 = z
  .object({ game_url: z.string(), strategy: z.literal('iframe') })
  .meta({ id: 'LaunchOptionsV1' });
export const launchOptions = z
  .object({ game_url: z.string(), mode: launchMode, strategy: z.literal('iframe') })
  .meta({ id: 'LaunchOptions' });
export type LaunchOptions = z.infer<typeof launchOptions>;

export const gamesProxyScriptUrl = z
  .object({ url: z.string().nullable() })
  .meta({ id: 'GamesProxyScriptUrl' });

/** The games API answers version 2 (spec §7); some of its routes answer version 1 too. */
const games = { tags: ['games'], version: 2 } as const;
const bothVersions = [1, 2] as const;
const favoriteParams = z.object({ id: z.string().min(1).max(130) });

/** Spec §7 Games (the v2 games API) and Favorites: the lobby's catalogue, launch and the player's lists. */
export const gamesApi = {
  providers: endpoint({
    ...games,
    versions: bothVersions,
    method: 'GET',
    path: '/games/providers',
    summary: 'Game providers with the number of their games the caller may play',
    responses: { 200: gameProviders },
  }),
  filter: endpoint({
    ...games,
    method: 'POST',
    path: '/games_filter',
    summary: 'One page of the games matching every filter given',
    description:
      'Values inside one filter are alternatives (providers: a or b); filters combine (and). ' +
      'Search finds words in the English or Greek title or the provider name, ignoring case and accents.',
    query: gamesLocaleQuery,
    body: gamesFilterBody,
    responses: { 200: gamesPage, 401: errorBody, 422: errorBody },
  }),
  select: endpoint({
    ...games,
    method: 'POST',
    path: '/games_filter/select',
    summary: 'The games with these identifiers, in the order given; unknown ones are left out',
    query: gamesLocaleQuery,
    body: gamesSelectBody,
    responses: { 200: gamesList, 422: errorBody },
  }),
  selectBySeoTitles: endpoint({
    ...games,
    method: 'POST',
    path: '/games_filter/select_by_seo_titles',
    summary: 'The games with these seo titles (urlIds), in the order given; unknown ones are left out',
    query: gamesLocaleQuery,
    body: gamesSelectBySeoTitlesBody,
    responses: { 200: gamesList, 422: errorBody },
  }),
  launchOptions: endpoint({
    ...games,
    versions: bothVersions,
    method: 'GET',
    path: '/games/launch_options/:provider/:game',
    summary: 'Where to open a game: demo for anyone, real money for a signed-in player',
    description: 'v1 answers { game_url, strategy }; v2 adds the mode.',
    params: z.object({ provider: z.string().max(60), game: z.string().max(130) }),
    query: launchOptionsQuery,
    responses: {
      200: z.union([launchOptions, launchOptionsV1]),
      401: errorBody,
      403: errorBody,
      404: errorBody,
      422: errorBody,
    },
  }),
  proxyScriptUrl: endpoint({
    ...games,
    method: 'GET',
    path: '/settings/games_proxy_script_url',
    summary: 'Script the web app loads to proxy game traffic, if the deployment has one',
    responses: { 200: gamesProxyScriptUrl },
  }),
  favorites: endpoint({
    ...games,
    versions: bothVersions,
    method: 'GET',
    path: '/player/favorite_games',
    summary: "The player's favourite games, the most recently added first",
    query: gamesLocaleQuery,
    responses: { 200: gamesList, 401: errorBody },
  }),
  addFavorite: endpoint({
    ...games,
    versions: bothVersions,
    method: 'PUT',
    path: '/player/favorite_games/:id',
    summary: 'Mark a game (by identifier) as a favourite; marking it again changes nothing',
    params: favoriteParams,
    responses: { 204: z.null(), 401: errorBody, 404: errorBody },
  }),
  removeFavorite: endpoint({
    ...games,
    versions: bothVersions,
    method: 'DELETE',
    path: '/player/favorite_games/:id',
    summary: 'Remove a game (by identifier) from the favourites; removing it again changes nothing',
    params: favoriteParams,
    responses: { 204: z.null(), 401: errorBody, 404: errorBody },
  }),
  recentGames: endpoint({
    ...games,
    versions: bothVersions,
    method: 'GET',
    path: '/player/recent_games',
    summary: 'The last 20 games the player launched for real money, newest first',
    query: gamesLocaleQuery,
    responses: { 200: gamesList, 401: errorBody },
  }),
};
