import { tournamentsApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, languageOf } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { requirePlayerNotExcluded } from '../compliance/public.ts';
import { confirmTournament } from './confirm.ts';
import type { Board } from './leaderboard.ts';
import { leaderboardOf, tournamentRow, tournamentViews } from './read.ts';

/** How many rows of a board the detail page shows (and the player's own row below them). */
const boardSize = 50;

/** Spec §7 Tournaments (@chrysos/contract tournamentsApi). */
export function tournamentRoutes(deps: { board: Board }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;
    const views = { db, board: deps.board, content: app.content, timeZone: app.config.TIME_ZONE };

    app.route({
      ...routeOf(tournamentsApi.list),
      handler: async (request) =>
        tournamentViews(views, {
          locale: languageOf(request.headers['accept-language']),
          playerId: await request.playerId(),
          now: app.clock.now(),
          states: ['active', 'upcoming'],
        }),
    });

    app.route({
      ...routeOf(tournamentsApi.recent),
      handler: async (request) =>
        tournamentViews(views, {
          locale: languageOf(request.headers['accept-language']),
          playerId: await request.playerId(),
          now: app.clock.now(),
          states: ['finished'],
        }),
    });

    app.route({
      ...routeOf(tournamentsApi.statuses),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const shown = await tournamentViews(views, {
          locale: 'en',
          playerId,
          now: app.clock.now(),
          states: ['active', 'upcoming', 'finished'],
        });
        return shown.flatMap((tournament) => (tournament.status ? [tournament.status] : []));
      },
    });

    app.route({
      ...routeOf(tournamentsApi.confirm),
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        return confirmTournament(db, deps.board, request.params.id, playerId, app.clock.now());
      },
    });

    app.route({
      ...routeOf(tournamentsApi.detail),
      handler: async (request) => {
        const playerId = await request.playerId();
        const [tournament] = await tournamentViews(views, {
          locale: languageOf(request.headers['accept-language']),
          playerId,
          now: app.clock.now(),
          states: ['active', 'upcoming', 'finished', 'archived'],
          id: request.params.id,
        });
        const row = tournament && (await tournamentRow(db, tournament.id));
        if (!tournament || !row) throw new AppError('tournaments.not_found');
        const { rows, own } = await leaderboardOf(db, deps.board, row, playerId, boardSize);
        return { tournament, leaderboard: rows, own };
      },
    });
  };
}
