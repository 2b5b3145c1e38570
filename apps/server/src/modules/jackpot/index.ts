import type { JackpotTierId } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { jackpotChanges } from './changes.ts';
import { followContributions } from './handlers/follow-contributions.ts';
import { openJackpots } from './open-jackpots.ts';
import { jackpotTestRoutes } from './operator-routes.ts';
import { jackpotRoutes } from './routes.ts';

/**
 * The progressive jackpot (issue 18, docs/decisions/0028): three tiers per currency fed inside each
 * real-money slot bet's booking (ledger_try_book), won by the bet that crosses a drop point committed
 * by hash before its cycle starts, paid and reseeded through the ledger from the wallet's events, with
 * live amounts on public:jackpots_changes and wins on public:wins.
 */
async function jackpotPlugin(app: FastifyInstance): Promise<void> {
  let currencies: ReadonlySet<string> = new Set(app.config.JACKPOT_CURRENCIES);
  const changes = jackpotChanges(app);
  app.addHook('onReady', async () => {
    currencies = new Set(
      await openJackpots(app.database.db, app.wallet, app.config.JACKPOT_CURRENCIES, app.clock.now()),
    );
  });
  app.addHook('onClose', async () => changes.close());
  app.events.register(
    {
      app,
      wallet: app.wallet,
      currencies: () => currencies,
      touched: (currency: string, tier: JackpotTierId) => changes.changed(currency, tier),
    },
    [followContributions],
  );
  await app.register(apiScope(jackpotRoutes({ defaultCurrency: () => app.referenceData.defaultCurrency() })));
  if (app.config.JACKPOT_TEST_DROP === 'on') {
    app.log.warn(
      'JACKPOT_TEST_DROP=on: jackpot drops can be forced (a test configuration, never in operation)',
    );
    await app.register(operatorScope(jackpotTestRoutes));
  }
}

export default fp(jackpotPlugin, {
  name: 'jackpot',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'events',
    'wallet',
    'realtime',
    'clock',
    'notifications',
    'winners',
    'info',
    'operator-actions',
  ],
});
