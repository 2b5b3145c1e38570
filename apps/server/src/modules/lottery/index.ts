import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { publishChanges } from './changes.ts';
import { issueTickets } from './issue-tickets.ts';
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
  app.events.on('cashier.deposit_succeeded', 'lottery.tickets', (event, context) => {
    // When the deposit was confirmed, on the product clock (the same as the event's time in operation;
    // shifted like the clock when a test run has moved it).
    const at = app.clock.fromSystem(event.occurredAt);
    return issueTickets(context.db, app.events, event.payload, at);
  });
  publishChanges(app);
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
