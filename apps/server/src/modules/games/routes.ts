import {
  errorBody,
  gameProviders,
  gamesFilterBody,
  gamesList,
  gamesLocaleQuery,
  gamesPage,
  gamesProxyScriptUrl,
  gamesSelectBody,
  gamesSelectBySeoTitlesBody,
  launchOptions,
  launchOptionsQuery,
  launchOptionsV1,
} from '@chrysos/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../auth/public.ts';
import { audienceOf } from './audience.ts';
import { addFavorite, recentIds, removeFavorite } from './favorites.ts';
import { launchGame } from './launch-game.ts';

export const recentGamesShown = 20;

/** Spec §7 Games (the v2 games API) and Favorites: the lobby's catalogue, launch and the player's lists. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const tags = ['games'];
  const gamesApi = { apiVersions: [2] } as const;
  const bothApis = { apiVersions: [1, 2] } as const;

  /** The snapshot, who asks, and the signed-in player's favourites (their marks show in every list). */
  async function lookup(request: FastifyRequest) {
    const [catalogue, audience] = await Promise.all([app.gamesCatalogue.current(), audienceOf(app, request)]);
    const favorites = audience.favorites ? new Set(audience.favorites) : null;
    return { catalogue, audience, favorites };
  }
  // Answers depend on the caller's country, currency and favourites: no shared cache may keep them.
  const privately = 'private, no-store';

  app.get(
    '/games/providers',
    {
      config: bothApis,
      schema: {
        tags,
        summary: 'Game providers with the number of their games the caller may play',
        response: { 200: gameProviders },
      },
    },
    async (request, reply) => {
      const { catalogue, audience } = await lookup(request);
      reply.header('cache-control', privately);
      return catalogue.providers(audience);
    },
  );

  app.post(
    '/games_filter',
    {
      config: gamesApi,
      schema: {
        tags,
        summary: 'One page of the games matching every filter given',
        description:
          'Values inside one filter are alternatives (providers: a or b); filters combine (and). ' +
          'Search finds words in the English or Greek title or the provider name, ignoring case and accents.',
        querystring: gamesLocaleQuery,
        body: gamesFilterBody,
        response: { 200: gamesPage, 401: errorBody, 422: errorBody },
      },
      // A bare POST asks for the first page of everything.
      preValidation: async (request) => {
        // Before validation the body is still raw JSON; the schema fills in the defaults.
        (request as { body: unknown }).body ??= {};
      },
    },
    async (request, reply) => {
      const filter = request.body;
      const { catalogue, audience, favorites } = await lookup(request);
      if (filter.favorites && !audience.playerId) {
        throw new AppError('games.favorites_sign_in', { field: 'favorites' });
      }
      const unknown = [...new Set(filter.providers ?? [])].filter((slug) => !catalogue.hasProvider(slug));
      if (unknown.length > 0) {
        throw new AppError('games.unknown_provider', {
          field: 'providers',
          params: { providers: unknown.join(', ') },
        });
      }
      reply.header('cache-control', privately);
      return catalogue.filter(filter, audience, favorites, request.query.locale);
    },
  );

  app.post(
    '/games_filter/select',
    {
      config: gamesApi,
      schema: {
        tags,
        summary: 'The games with these identifiers, in the order given; unknown ones are left out',
        querystring: gamesLocaleQuery,
        body: gamesSelectBody,
        response: { 200: gamesList, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      const { identifiers } = request.body;
      return {
        games: catalogue.select('identifier', identifiers, audience, favorites, request.query.locale),
      };
    },
  );

  app.post(
    '/games_filter/select_by_seo_titles',
    {
      config: gamesApi,
      schema: {
        tags,
        summary: 'The games with these seo titles (urlIds), in the order given; unknown ones are left out',
        querystring: gamesLocaleQuery,
        body: gamesSelectBySeoTitlesBody,
        response: { 200: gamesList, 422: errorBody },
      },
    },
    async (request, reply) => {
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      const { seo_titles: seoTitles } = request.body;
      return { games: catalogue.select('seoTitle', seoTitles, audience, favorites, request.query.locale) };
    },
  );

  app.get(
    '/games/launch_options/:provider/:game',
    {
      config: bothApis,
      schema: {
        tags,
        summary: 'Where to open a game: demo for anyone, real money for a signed-in player',
        description: 'v1 answers { game_url, strategy }; v2 adds the mode.',
        params: z.object({ provider: z.string().max(60), game: z.string().max(130) }),
        querystring: launchOptionsQuery,
        response: {
          200: z.union([launchOptions, launchOptionsV1]),
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const options = await launchGame(
        db,
        { ...request.params, ...request.query },
        await audienceOf(app, request),
        await app.referenceData.defaultCurrency(),
        app.launchAtStudio,
      );
      reply.header('cache-control', 'no-store');
      if (request.apiVersion === 1) return { game_url: options.game_url, strategy: options.strategy };
      return options;
    },
  );

  app.get(
    '/settings/games_proxy_script_url',
    {
      config: gamesApi,
      schema: {
        tags,
        summary: 'Script the web app loads to proxy game traffic, if the deployment has one',
        response: { 200: gamesProxyScriptUrl },
      },
    },
    async () => ({ url: app.config.GAMES_PROXY_SCRIPT_URL ?? null }),
  );

  app.get(
    '/player/favorite_games',
    {
      config: bothApis,
      schema: {
        tags,
        summary: "The player's favourite games, the most recently added first",
        querystring: gamesLocaleQuery,
        response: { 200: gamesList, 401: errorBody },
      },
    },
    async (request, reply) => {
      await requirePlayer(request);
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      // A favourite restricted for the player now stays marked, but is not listed.
      return {
        games: catalogue.select('id', [...(favorites ?? [])], audience, favorites, request.query.locale),
      };
    },
  );

  const favoriteParams = z.object({ id: z.string().min(1).max(130) });
  app.put(
    '/player/favorite_games/:id',
    {
      config: bothApis,
      schema: {
        tags,
        summary: 'Mark a game (by identifier) as a favourite; marking it again changes nothing',
        params: favoriteParams,
        response: { 204: z.null(), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await addFavorite(db, await requirePlayer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/player/favorite_games/:id',
    {
      config: bothApis,
      schema: {
        tags,
        summary: 'Remove a game (by identifier) from the favourites; removing it again changes nothing',
        params: favoriteParams,
        response: { 204: z.null(), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await removeFavorite(db, await requirePlayer(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/player/recent_games',
    {
      config: bothApis,
      schema: {
        tags,
        summary: `The last ${recentGamesShown} games the player launched for real money, newest first`,
        querystring: gamesLocaleQuery,
        response: { 200: gamesList, 401: errorBody },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayer(request);
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      // Read a few more than shown: games restricted for the player meanwhile are left out.
      const ids = await recentIds(db, playerId, recentGamesShown * 2);
      const games = catalogue.select('id', ids, audience, favorites, request.query.locale);
      return { games: games.slice(0, recentGamesShown) };
    },
  );
};
