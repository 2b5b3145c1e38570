import { playerActivityOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { playerExists } from '../player/public.ts';
import { playerRounds } from './player-rounds.ts';

/** The player's game rounds as operators read them on Player 360 (issue 38): a read, so no audit row. */
export const gamesOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(playerActivityOperatorApi.rounds),
    handler: async (request) => {
      if (!(await playerExists(app.database.db, request.params.id))) throw new AppError('player.not_found');
      return playerRounds(app, request.params.id, request.query);
    },
  });
};
