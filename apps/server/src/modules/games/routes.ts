import { gamesApi, walletApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { audienceOf } from './audience.ts';
import { addFavorite, recentIds, removeFavorite } from './favorites.ts';
import { launchGame } from './launch-game.ts';
import { roundDetail } from './round-detail.ts';

export const recentGamesShown = 20;

/** Spec §7 Games (the v2 games API) and Favorites: the lobby's catalogue, launch and the player's lists. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  /** The snapshot, who asks, and the signed-in player's favourites (their marks show in every list). */
  async function lookup(request: FastifyRequest) {
    const [catalogue, audience] = await Promise.all([app.gamesCatalogue.current(), audienceOf(app, request)]);
    const favorites = audience.favorites ? new Set(audience.favorites) : null;
    return { catalogue, audience, favorites };
  }
  // Answers depend on the caller's country, currency and favourites: no shared cache may keep them.
  const privately = 'private, no-store';

  app.route({
    ...routeOf(walletApi.round),
    handler: async (request) =>
      roundDetail(app, await requirePlayer(request), request.params.id, request.query.locale),
  });

  app.route({
    ...routeOf(gamesApi.providers),
    handler: async (request, reply) => {
      const { catalogue, audience } = await lookup(request);
      reply.header('cache-control', privately);
      return catalogue.providers(audience);
    },
  });

  app.route({
    ...routeOf(gamesApi.filter),
    // A bare POST asks for the first page of everything.
    preValidation: async (request) => {
      // Before validation the body is still raw JSON; the schema fills in the defaults.
      (request as { body: unknown }).body ??= {};
    },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(gamesApi.select),
    handler: async (request, reply) => {
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      const { identifiers } = request.body;
      return {
        games: catalogue.select('identifier', identifiers, audience, favorites, request.query.locale),
      };
    },
  });

  app.route({
    ...routeOf(gamesApi.selectBySeoTitles),
    handler: async (request, reply) => {
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      const { seo_titles: seoTitles } = request.body;
      return { games: catalogue.select('seoTitle', seoTitles, audience, favorites, request.query.locale) };
    },
  });

  app.route({
    ...routeOf(gamesApi.launchOptions),
    handler: async (request, reply) => {
      const { freespins, ...query } = request.query;
      const audience = await audienceOf(app, request);
      // Free spins of the player's, for the studio to play first (the bonus engine checks they are theirs).
      const grant =
        freespins && query.mode === 'real' && audience.playerId && audience.currency
          ? await app.launchGrants.freespins(
              db,
              {
                id: freespins,
                playerId: audience.playerId,
                currency: audience.currency,
                ...request.params,
              },
              app.clock.now(),
            )
          : undefined;
      // A visitor's demo plays in the money of where they are (as sign-up offers it), else the casino's.
      const [visitorCountry] = audience.countries;
      const localCurrency = visitorCountry
        ? (await app.referenceData.country(visitorCountry))?.defaultCurrency
        : undefined;
      const options = await launchGame(
        db,
        { ...request.params, ...query },
        audience,
        localCurrency ?? (await app.referenceData.defaultCurrency()),
        app.launchAtStudio,
        grant,
      );
      reply.header('cache-control', 'no-store');
      if (request.apiVersion === 1) return { game_url: options.game_url, strategy: options.strategy };
      return options;
    },
  });

  app.route({
    ...routeOf(gamesApi.proxyScriptUrl),
    handler: async () => ({ url: app.config.GAMES_PROXY_SCRIPT_URL ?? null }),
  });

  app.route({
    ...routeOf(gamesApi.favorites),
    handler: async (request, reply) => {
      await requirePlayer(request);
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      // A favourite restricted for the player now stays marked, but is not listed.
      return {
        games: catalogue.select('id', [...(favorites ?? [])], audience, favorites, request.query.locale),
      };
    },
  });

  app.route({
    ...routeOf(gamesApi.addFavorite),
    handler: async (request, reply) => {
      await addFavorite(db, await requirePlayer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOf(gamesApi.removeFavorite),
    handler: async (request, reply) => {
      await removeFavorite(db, await requirePlayer(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOf(gamesApi.recentGames),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      const { catalogue, audience, favorites } = await lookup(request);
      reply.header('cache-control', privately);
      // Read a few more than shown: games restricted for the player meanwhile are left out.
      const ids = await recentIds(db, playerId, recentGamesShown * 2);
      const games = catalogue.select('id', ids, audience, favorites, request.query.locale);
      return { games: games.slice(0, recentGamesShown) };
    },
  });
};
