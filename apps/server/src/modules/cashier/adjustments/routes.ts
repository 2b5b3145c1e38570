import { adjustmentOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors.ts';
import { operatorActor, operatorOf } from '../../../platform/operator-api.ts';
import { playerExists } from '../../player/public.ts';
import { approveAdjustment, rejectAdjustment } from './decide-adjustment.ts';
import { listAdjustments } from './list-adjustments.ts';
import { type AdjustmentRow, presentAdjustment } from './present-adjustment.ts';
import { requestAdjustment } from './request-adjustment.ts';

/** Balance adjustments for operators (issue 38): every step on the audit trail under who took it. */
export const adjustmentOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Writes the step `action` of the adjustment to the audit trail, in the transaction that took it. */
  const recordAs =
    (request: FastifyRequest, action: (row: AdjustmentRow) => string) => (tx: Db, row: AdjustmentRow) =>
      app.recordOperatorAction(tx, request, {
        action: action(row),
        playerId: row.playerId,
        details: {
          adjustment: row.id,
          currency: row.currency,
          amount: row.amount,
          reason: row.reason,
          requested_by: row.requestedBy,
          ...(row.rejectionReason ? { rejection_reason: row.rejectionReason } : {}),
        },
      });

  app.route({
    ...routeOf(adjustmentOperatorApi.request),
    handler: async (request, reply) => {
      if (!(await playerExists(app.database.db, request.params.id))) throw new AppError('player.not_found');
      const { currency, amount_cents: amount, reason } = request.body;
      const row = await requestAdjustment(
        app,
        { playerId: request.params.id, currency, amount, reason },
        operatorActor(operatorOf(request)),
        recordAs(request, (made) =>
          made.status === 'booked' ? 'balance_adjustment.booked' : 'balance_adjustment.requested',
        ),
      );
      return reply.code(row.status === 'booked' ? 201 : 202).send(presentAdjustment(row));
    },
  });

  app.route({
    ...routeOf(adjustmentOperatorApi.list),
    handler: async (request) =>
      (
        await listAdjustments(app.database.db, {
          status: request.query.status,
          playerId: request.query.player_id,
        })
      ).map(presentAdjustment),
  });

  app.route({
    ...routeOf(adjustmentOperatorApi.approve),
    handler: async (request) =>
      presentAdjustment(
        await approveAdjustment(
          app,
          request.params.id,
          operatorActor(operatorOf(request)),
          recordAs(request, () => 'balance_adjustment.booked'),
        ),
      ),
  });

  app.route({
    ...routeOf(adjustmentOperatorApi.reject),
    handler: async (request) =>
      presentAdjustment(
        await rejectAdjustment(
          app,
          request.params.id,
          request.body.reason,
          operatorActor(operatorOf(request)),
          recordAs(request, () => 'balance_adjustment.rejected'),
        ),
      ),
  });
};
