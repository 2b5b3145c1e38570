import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { issueTicketsOnDeposit } from './handlers/issue-tickets.ts';
import { publishPrize } from './handlers/publish-prize.ts';
import { publishTickets } from './handlers/publish-tickets.ts';
import { lotteryRoutes } from './routes.ts';
import { runDueDraws } from './run-draw.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Draws every week whose Sunday 20:00 (Athens) has come and that is not drawn yet (every minute). */
    'lottery.draw': Record<string, never>;
  }
}

/**
 * The weekly lottery (content/{en,el}/lottery; issue 18): tickets from confirmed deposits, a draw every
 * Sunday at 20:00 Athens time that anyone can recompute from the committed seed and the public ticket
 * list, cash prizes booked on the ledger and free spins granted by the bonus engine.
 */
async function lotteryPlugin(app: FastifyInstance): Promise<void> {
  const deps = { wallet: app.wallet, events: app.events };
  await app.register(apiScope(lotteryRoutes));
  app.events.register(app, [issueTicketsOnDeposit, publishTickets, publishPrize]);
  // Every minute, so a draw is at most a minute late and one missed while down is made on restart;
  // pg-boss runs each scheduled job once across instances, and each week is drawn under its row lock.
  app.jobs.define('lottery.draw', () => runDueDraws(app.database.db, deps, app.clock.now()), {
    retryLimit: 2,
  });
  app.jobs.schedule('lottery.draw', '* * * * *');
}

export default fp(lotteryPlugin, {
  name: 'lottery',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'jobs',
    'events',
    'clock',
    'wallet',
    'cashier',
    'realtime',
    'notifications',
    'bonuses',
  ],
});
