import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { accountRoutes } from './account-routes.ts';
import { ledgerStream } from './events.ts';
import { HistoryLabels } from './history.ts';
import { defineWalletJobs } from './jobs.ts';
import { Ledger } from './ledger.ts';
import { walletMetrics } from './metrics.ts';
import { walletOperatorRoutes } from './operator-routes.ts';
import { walletProtocolRoutes } from './protocol-routes.ts';
import { Wallet } from './wallet.ts';

async function walletPlugin(app: FastifyInstance): Promise<void> {
  const metrics = walletMetrics(app.metrics);
  // The player's limits are read at the product's time (platform/clock.ts), which a test run can move.
  const now = () => app.clock.now();
  const ledger = new Ledger(app.database.db, undefined, undefined, now, metrics.singleBookings);
  app.decorate('wallet', new Wallet(ledger));
  app.decorate('walletHistory', new HistoryLabels());
  // Money events (wallet.bet_booked, …) are read from the ledger itself (events.ts).
  app.events.stream(ledgerStream);
  // Studios' seamless-wallet calls (/wallet/*), in the protocol's own shape (docs/wallet-protocol.md).
  await app.register(walletProtocolRoutes, { prefix: '/wallet', metrics });
  await app.register(apiScope(accountRoutes));
  // The player's ledger on Player 360, for the operators whose role reads it.
  await app.register(operatorScope(walletOperatorRoutes));
  // The ledger's invariants, audited once across instances every quarter of an hour (jobs.ts).
  defineWalletJobs(app, metrics);
}

export default fp(walletPlugin, {
  name: 'wallet',
  dependencies: [
    'database',
    'events',
    'jobs',
    'metrics',
    'error-reporting',
    'info',
    'api-conventions',
    'clock',
    'config',
    'operators',
    'operator-actions',
  ],
});
