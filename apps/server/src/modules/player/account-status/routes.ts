import { playerAccountOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor, operatorOf } from '../../../platform/operator-api.ts';
import { type AccountChange, changeAccountStatus } from './change-account-status.ts';

/** The audit action of each change. */
const actions: Record<AccountChange, string> = {
  suspend: 'player.account_suspended',
  reinstate: 'player.account_reinstated',
  close: 'player.account_closed',
};

/**
 * Suspending, reinstating and closing a player's account (issue 38): each with a reason, on the audit
 * trail under the operator who did it, in the change's transaction.
 */
export const accountStatusOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of ['suspend', 'reinstate', 'close'] as const) {
    app.route({
      ...routeOf(playerAccountOperatorApi[kind]),
      handler: async (request) => {
        const playerId = request.params.id;
        const { reason } = request.body;
        const operator = operatorOf(request);
        return changeAccountStatus(
          app,
          { playerId, kind, reason, by: operatorActor(operator), byName: operator.name },
          (tx, { from, to }) =>
            app.recordOperatorAction(tx, request, {
              action: actions[kind],
              playerId,
              details: { reason, from, to },
            }),
        );
      },
    });
  }
};
