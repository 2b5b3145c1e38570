import { loyaltyApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventBus } from '../../platform/events.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { requirePlayerNotExcluded } from '../compliance/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { exchangePoints } from './exchange-points.ts';
import { readCompPoints } from './read.ts';

/** Spec §7 GET /player/comp_points and the exchange from the profile (@chrysos/contract loyaltyApi). */
export function loyaltyRoutes(deps: {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.route({
      ...routeOf(loyaltyApi.compPoints),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return readCompPoints(db, await requirePlayer(request), app.clock.now());
      },
    });

    app.route({
      ...routeOf(loyaltyApi.exchange),
      handler: async (request) =>
        exchangePoints(db, deps, {
          playerId: await requirePlayerNotExcluded(request),
          points: request.body.points,
          idempotencyKey: request.body.idempotency_key,
          now: app.clock.now(),
        }),
    });
  };
}
