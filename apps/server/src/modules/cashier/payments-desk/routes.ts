import { paymentsOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors.ts';
import { operatorActor, operatorOf } from '../../../platform/operator-api.ts';
import { playerExists } from '../../player/public.ts';
import { holdInForce } from './hold-in-force.ts';
import { liftHold } from './lift-hold.ts';
import { listPayments } from './list-payments.ts';
import { placeHold } from './place-hold.ts';
import { presentHold } from './present-hold.ts';

/**
 * The payments desk (issue 38): every payment by kind and status, and holds on a player's withdrawals,
 * placed and lifted with a reason, each on the audit trail in its transaction.
 */
export const paymentsDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(paymentsOperatorApi.list),
    handler: async (request) => {
      const { kind, status, player_id: playerId, before, limit } = request.query;
      return listPayments(db, { kind, status, playerId, before, limit });
    },
  });

  const requirePlayer = async (playerId: string) => {
    if (!(await playerExists(db, playerId))) throw new AppError('player.not_found');
  };

  app.route({
    ...routeOf(paymentsOperatorApi.hold),
    handler: async (request) => {
      await requirePlayer(request.params.id);
      const held = await holdInForce(db, request.params.id);
      return { hold: held ? await presentHold(app, held) : null };
    },
  });

  app.route({
    ...routeOf(paymentsOperatorApi.placeHold),
    handler: async (request, reply) => {
      const playerId = request.params.id;
      await requirePlayer(playerId);
      const placed = await db.transaction(async (tx) => {
        const row = await placeHold(tx, {
          playerId,
          reason: request.body.reason,
          by: operatorActor(operatorOf(request)),
          at: app.clock.now(),
        });
        await app.recordOperatorAction(tx, request, {
          action: 'withdrawal.hold_placed',
          playerId,
          details: { hold: row.id, reason: row.reason },
        });
        return row;
      });
      return reply.code(201).send(await presentHold(app, placed));
    },
  });

  app.route({
    ...routeOf(paymentsOperatorApi.liftHold),
    handler: async (request) => {
      const playerId = request.params.id;
      await requirePlayer(playerId);
      const lifted = await db.transaction(async (tx) => {
        const row = await liftHold(tx, {
          playerId,
          reason: request.body.reason,
          by: operatorActor(operatorOf(request)),
          at: app.clock.now(),
        });
        await app.recordOperatorAction(tx, request, {
          action: 'withdrawal.hold_lifted',
          playerId,
          details: { hold: row.id, reason: row.liftReason, placed_reason: row.reason },
        });
        return row;
      });
      return presentHold(app, lifted);
    },
  });
};
