import { cashierApi, cashierOperatorApi, type payment as paymentSchema } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { localizePath } from '@chrysos/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../platform/config.ts';
import { AppError, languageOf as languageOfHeader } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { operatorActor, operatorOf, recorded } from '../../platform/operator-api.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { requirePlayerNotExcluded } from '../compliance/public.ts';
import { refuseIfAccountBarred } from '../player/public.ts';
import type { Payment } from './cashier.ts';
import { holdReasons } from './payments-desk/hold-in-force.ts';
import type { WebhookCheck } from './provider.ts';
import { withdrawalTimeline } from './withdrawal-timeline.ts';

/** A payment as the API answers it, a withdrawal with its timeline under the operator's processing times. */
export const presenterOf =
  (config: Pick<Config, 'WITHDRAWAL_APPROVAL_HOURS' | 'WITHDRAWAL_PAYOUT_HOURS'>) =>
  (payment: Payment): z.infer<typeof paymentSchema> => ({
    id: payment.id,
    kind: payment.kind as 'deposit' | 'withdrawal',
    method: payment.method,
    currency: payment.currency,
    amount_cents: payment.amount,
    status: payment.status as z.infer<typeof paymentSchema>['status'],
    failure_reason: payment.failureReason,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
    timeline:
      payment.kind === 'withdrawal'
        ? withdrawalTimeline(payment, {
            approvalHours: config.WITHDRAWAL_APPROVAL_HOURS,
            payoutHours: config.WITHDRAWAL_PAYOUT_HOURS,
          })
        : null,
  });

const languageOf = (request: FastifyRequest) => languageOfHeader(request.headers['accept-language']);

/** The player's cashier: methods and limits, deposits through the provider, withdrawals. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cashier } = app;
  const present = presenterOf(app.config);

  app.route({
    ...routeOf(cashierApi.methods),
    handler: async (request) => cashier.methods(request.query.currency),
  });

  app.route({
    ...routeOf(cashierApi.startDeposit),
    handler: async (request, reply) => {
      const playerId = await requirePlayerNotExcluded(request);
      // Checked here too, not trusted to the ended sessions of a suspended or closed account.
      await refuseIfAccountBarred(app.database.db, playerId);
      const language = languageOf(request);
      const started = await cashier.startDeposit(
        playerId,
        {
          currency: request.body.currency,
          amount: request.body.amount_cents,
          method: request.body.method,
          bonusCode: request.body.bonus_code,
        },
        {
          language,
          // Back to the game page it was started on (a game page's path only: the contract checks it).
          returnUrl: (id) =>
            `${request.body.return_to ?? localizePath('/profile/wallet/deposit', language)}?payment=${id}`,
        },
      );
      return reply.code(201).send({ payment: present(started.payment), redirect_url: started.redirectUrl });
    },
  });

  app.route({
    ...routeOf(cashierApi.requestWithdrawal),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      await refuseIfAccountBarred(app.database.db, playerId);
      const created = await cashier.requestWithdrawal(playerId, {
        currency: request.body.currency,
        amount: request.body.amount_cents,
        method: request.body.method,
        forfeitBonus: request.body.forfeit_bonus,
      });
      return reply.code(201).send(present(created));
    },
  });

  app.route({
    ...routeOf(cashierApi.cancelWithdrawal),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      return present(await cashier.release(request.params.id, 'cancelled', { playerId }));
    },
  });

  app.route({
    ...routeOf(cashierApi.payments),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await cashier.list(await requirePlayer(request))).map(present);
    },
  });

  app.route({
    ...routeOf(cashierApi.payment),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await cashier.find(request.params.id, await requirePlayer(request));
      if (!found) throw new AppError('cashier.payment_not_found', { field: 'payment' });
      return present(found);
    },
  });
};

/**
 * Provider webhooks. The body is verified byte for byte, so it is read raw. Only a delivery whose
 * signature holds is kept (in payment_webhooks, whatever its fate); anything else is refused before a
 * row is written, and an address that keeps sending such deliveries is slowed down, while the
 * provider's signed deliveries are never limited.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const { provider } = app.cashier;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const checks = new WeakMap<FastifyRequest, WebhookCheck>();
  const rawBodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');
  const checkOf = (request: FastifyRequest): WebhookCheck => {
    let check = checks.get(request);
    if (!check) {
      check = provider.verifyWebhook(request.headers, rawBodyOf(request));
      checks.set(request, check);
    }
    return check;
  };

  app.post(
    '/api/payments/webhooks/sandbox',
    {
      config: {
        rateLimit: limitOf('refusedWebhook', { allowList: (request) => 'event' in checkOf(request) }),
      },
    },
    async (request, reply) => {
      const check = checkOf(request);
      if ('refused' in check) {
        request.log.warn(
          { provider: provider.name, refused: check.refused, bytes: rawBodyOf(request).length },
          'webhook refused',
        );
        throw check.refused === 'signature'
          ? new AppError('cashier.webhook_signature_invalid', { field: 'signature' })
          : new AppError('cashier.webhook_unreadable', { field: 'body' });
      }
      const outcome = await app.cashier.apply(check.event);
      await app.database.db.insert(schema.paymentWebhooks).values({
        provider: provider.name,
        eventId: check.event.eventId,
        verified: true,
        body: rawBodyOf(request).slice(0, 10_000),
        outcome,
      });
      return reply.send({ received: true, outcome });
    },
  );
}

/**
 * The cashier's part of the operator API the back office will use: withdrawals awaiting approval,
 * approve (four eyes above WITHDRAWAL_FOUR_EYES_ABOVE), reject. Registered under platform/operator-api.ts's
 * operatorScope: finance's ability.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const present = presenterOf(app.config);
  const presentForOperator = (payment: Payment, holds: Map<string, string>) => ({
    ...present(payment),
    player_id: payment.playerId,
    first_approved_by: payment.firstApprovedBy,
    hold_reason: holds.get(payment.playerId) ?? null,
  });
  app.route({
    ...routeOf(cashierOperatorApi.pendingWithdrawals),
    handler: async () => {
      const pending = await app.cashier.pendingWithdrawals();
      const holds = await holdReasons(
        app.database.db,
        pending.map((payment) => payment.playerId),
      );
      return pending.map((payment) => presentForOperator(payment, holds));
    },
  });
  app.route({
    ...routeOf(cashierOperatorApi.approveWithdrawal),
    handler: async (request, reply) => {
      const decided = recorded(
        request,
        await app.cashier.approve(request.params.id, {
          actor: operatorActor(operatorOf(request)),
          ip: request.ip,
        }),
      );
      // Still pending: a first approval of four eyes, accepted.
      return reply
        .code(decided.status === 'pending' ? 202 : 200)
        .send(presentForOperator(decided, new Map()));
    },
  });
  app.route({
    ...routeOf(cashierOperatorApi.rejectWithdrawal),
    handler: async (request) =>
      present(
        recorded(
          request,
          await app.cashier.release(request.params.id, 'rejected', {
            reason: request.body.reason,
            by: { actor: operatorActor(operatorOf(request)), ip: request.ip },
          }),
        ),
      ),
  });
};
