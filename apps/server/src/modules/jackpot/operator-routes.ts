import { jackpotOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { forceDrop } from './force-drop.ts';
import { currentTiers } from './read.ts';

/** The test configuration's forced drop (JACKPOT_TEST_DROP=on only; the index registers it then). */
export const jackpotTestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...routeOf(jackpotOperatorApi.forceDrop),
    handler: async (request) => {
      const { currency, tier } = request.params;
      // A currency without a jackpot (JACKPOT_CURRENCIES) has no cycle to drop.
      const noJackpot = () => new AppError('validation.invalid', { field: 'currency' });
      const dropped = await db.transaction(async (tx) => {
        const done = await forceDrop(tx, currency, tier);
        if (done)
          await app.recordOperatorAction(tx, request, {
            action: 'jackpot.test_drop',
            details: { currency, tier },
          });
        return done;
      });
      if (!dropped) throw noJackpot();
      const [current] = await currentTiers(db, currency, tier);
      if (!current) throw noJackpot();
      return current;
    },
  });
};
