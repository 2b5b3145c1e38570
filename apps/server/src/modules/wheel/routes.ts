import { wheelApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { requirePlayerNotExcluded } from '../compliance/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { presentSpin, wheelState } from './present.ts';
import { wheelRules } from './rules.ts';
import { spinWheel } from './spin.ts';

/** The Idempotency-Key header: 1–100 printable ASCII characters, or none. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(header))
    throw new AppError('wheel.idempotency_key_invalid', { field: 'Idempotency-Key' });
  return header;
}

/** GET /player/wheel and POST /player/wheel/spin (@chrysos/contract wheelApi). */
export function wheelRoutes(
  outer: FastifyInstance,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = app.database;

    app.route({
      ...routeOf(wheelApi.state),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        const now = outer.clock.now();
        return wheelState(db, playerId, wheelRules(outer, now), now);
      },
    });

    app.route({
      ...routeOf(wheelApi.spin),
      handler: async (request) => {
        const playerId = await requirePlayerNotExcluded(request);
        const idempotencyKey = idempotencyKeyOf(request.headers['idempotency-key']);
        const now = outer.clock.now();
        const rules = wheelRules(outer, now);
        const spun = await spinWheel(db, { ...deps, rules, now }, playerId, {
          clientSeed: request.body.client_seed,
          idempotencyKey,
        });
        return presentSpin(spun, rules);
      },
    });
  };
}
