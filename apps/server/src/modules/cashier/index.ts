import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { depositCampaign, forfeitRunningBonus, playerFacts } from '../bonuses/public.ts';
import { checkDeposit, checkDepositLimit, checkWithdrawal } from '../compliance/public.ts';
import { adjustmentOperatorRoutes } from './adjustments/routes.ts';
import { Cashier } from './cashier.ts';
import { publishWithdrawalStep } from './handlers/publish-withdrawal-step.ts';
import { defineCashierJobs } from './jobs.ts';
import { paymentFacts } from './payment-facts.ts';
import { paymentsDeskRoutes } from './payments-desk/routes.ts';
import { operatorRoutes, paymentRoutes, webhookRoutes } from './routes.ts';
import { SandboxProvider } from './sandbox/sandbox-adapter.ts';
import { SandboxPsp } from './sandbox/sandbox-psp.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';
// The types of the services below (public.ts): no other module imports it, and every program that builds
// this plugin must see them.
import './public.ts';

/**
 * The cashier over the built-in sandbox PSP. The sandbox delivers its webhooks into this same
 * application (through the full HTTP handling, by inject), as an external PSP would over the network.
 */
async function cashierPlugin(app: FastifyInstance): Promise<void> {
  const psp = new SandboxPsp(app.database.db, app.jobs, {
    secret: app.config.SANDBOX_PSP_SECRET ?? randomBytes(32).toString('hex'),
    log: app.log,
  });
  const cashier = new Cashier(
    {
      db: app.database.db,
      wallet: app.wallet,
      provider: new SandboxProvider(psp),
      referenceData: app.referenceData,
      log: app.log,
      events: app.events,
      clock: app.clock,
    },
    {
      autoApproveBelow: app.config.WITHDRAWAL_AUTO_APPROVE_BELOW,
      fourEyesAbove: app.config.WITHDRAWAL_FOUR_EYES_ABOVE,
      bonuses: {
        async checkDepositCode(db, playerId, currency, amount, code) {
          const facts = await playerFacts(db, {
            playerId,
            currency,
            licence: app.config.LICENSE,
            now: app.clock.now(),
            countDeposits: paymentFacts.depositsBefore,
          });
          await depositCampaign(db, facts, code, amount);
        },
        async settleRunningBonus(tx, playerId, currency, confirmed) {
          await forfeitRunningBonus(
            tx,
            { wallet: app.wallet, events: app.events },
            playerId,
            currency,
            confirmed,
            app.clock.now(),
          );
        },
      },
      limits: {
        checkDeposit: (db, playerId, currency, amount) =>
          checkDepositLimit(db, playerId, currency, amount, app.clock.now()),
      },
      verification: {
        checkDeposit: (db, playerId, currency, amount) =>
          checkDeposit(
            db,
            { playerId, currency, amount, licence: app.config.LICENSE, now: app.clock.now() },
            paymentFacts.depositsSince,
          ),
        checkWithdrawal: (playerId, currency, amount) =>
          checkWithdrawal(app.database.db, { playerId, currency, amount, licence: app.config.LICENSE }),
      },
    },
  );
  app.decorate('sandboxPsp', psp);
  app.decorate('paymentFacts', paymentFacts);
  app.wallet.countAccountUse(paymentFacts.anyIn);
  app.walletHistory.labelPaymentsWith(paymentFacts.methodsOf);
  app.decorate('cashier', cashier);
  defineCashierJobs(app, psp);
  app.events.register(app, [publishWithdrawalStep]);
  await app.register(webhookRoutes);
  await app.register(psp.routes);
  await app.register(apiScope(paymentRoutes));
  await app.register(operatorScope(operatorRoutes));
  await app.register(operatorScope(adjustmentOperatorRoutes));
  await app.register(operatorScope(paymentsDeskRoutes));
  app.addHook('onReady', async () => {
    psp.start(async (path, headers, body) => {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
      return response.statusCode;
    });
    // Webhooks owed when the process stopped: a crash leaves their jobs active on a process that is gone.
    // Not awaited: a delivery is an inject, which waits for this start to finish.
    void psp.deliverDue(0);
    const resumed = await cashier.resumePayouts();
    if (resumed > 0) app.log.info({ resumed }, 'payouts resumed after restart');
  });
  app.addHook('onClose', async () => psp.stop());
}

export default fp(cashierPlugin, {
  name: 'cashier',
  dependencies: [
    'database',
    'jobs',
    'events',
    'wallet',
    'info',
    'api-conventions',
    'config',
    'clock',
    'realtime',
    'operator-actions',
    'operators',
  ],
});
