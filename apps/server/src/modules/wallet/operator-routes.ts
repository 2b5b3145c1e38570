import { playerActivityOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { playerExists } from '../player/public.ts';
import { playerLedger } from './player-ledger.ts';

/** The player's ledger as operators read it on Player 360 (issue 38): a read, so no audit row. */
export const walletOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(playerActivityOperatorApi.ledger),
    handler: async (request) => {
      if (!(await playerExists(db, request.params.id))) throw new AppError('player.not_found');
      return playerLedger(db, app.walletHistory, request.params.id, request.query);
    },
  });
};
