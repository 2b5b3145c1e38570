import { playerOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors.ts';
import { playerOverview } from './player-overview.ts';
import { searchPlayers } from './search-players.ts';

/** The back office's player search and Player 360 (issue 38). Reads only: nothing to audit; never cached (operatorScope). */
export const playerOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(playerOperatorApi.search),
    handler: async (request) => searchPlayers(app.database.db, request.query),
  });

  app.route({
    ...routeOf(playerOperatorApi.overview),
    handler: async (request) => {
      const found = await playerOverview(app, request.params.id);
      if (!found) throw new AppError('player.not_found');
      return found;
    },
  });
};
