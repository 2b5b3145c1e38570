import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { accountRoutes } from './account-routes.ts';
import { ledgerStream } from './events.ts';
import { HistoryLabels } from './history.ts';
import { walletProtocolRoutes } from './protocol-routes.ts';
import { Wallet } from './wallet.ts';

async function walletPlugin(app: FastifyInstance): Promise<void> {
  // The player's limits are read at the product's time (platform/clock.ts), which a test run can move.
  app.decorate('wallet', new Wallet(app.database.db, () => app.clock.now()));
  app.decorate('walletHistory', new HistoryLabels());
  // Money events (wallet.bet_booked, …) are read from the ledger itself (events.ts).
  app.events.stream(ledgerStream);
  // Studios' seamless-wallet calls (/wallet/*), in the protocol's own shape (docs/wallet-protocol.md).
  await app.register(walletProtocolRoutes, { prefix: '/wallet' });
  await app.register(apiScope(accountRoutes));
}

export default fp(walletPlugin, {
  name: 'wallet',
  dependencies: ['database', 'events', 'info', 'api-conventions', 'clock', 'config'],
});
