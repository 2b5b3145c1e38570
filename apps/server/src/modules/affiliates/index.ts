import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oweAffiliateCalls } from './handlers/owe-on-events.ts';
import { oweNetRevenue } from './net-revenue.ts';
import { sendOwedCalls } from './send-calls.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Sends the calls owed to the affiliate service whose back-off has passed (every minute). */
    'affiliates.send': Record<string, never>;
    /** Owes each referred player's net revenue of the previous UTC day (daily). */
    'affiliates.net-revenue': Record<string, never>;
  }
}

/**
 * Affiliate tracking (spec §7 tracking pixel; issue 37): what a referred player's registration, deposits
 * and play owe the affiliate service, recorded once under idempotency keys and sent by jobs. Without
 * AFFILIATE_PIXEL_URL and AFFILIATE_POSTBACK_URL the calls are still kept (the operator's record of
 * referred players), and sent nowhere.
 */
async function affiliatesPlugin(app: FastifyInstance): Promise<void> {
  app.events.register(app, [oweAffiliateCalls]);
  const send = () => sendOwedCalls(app.database.db, app.config, app.log, app.clock.now());
  app.jobs.define('affiliates.send', send, { retryLimit: 0 });
  app.jobs.schedule('affiliates.send', '* * * * *');
  app.jobs.define('affiliates.net-revenue', () => oweNetRevenue(app.database.db, app.clock.now()), {
    retryLimit: 2,
  });
  app.jobs.schedule('affiliates.net-revenue', '20 0 * * *');
}

export default fp(affiliatesPlugin, {
  name: 'affiliates',
  dependencies: ['config', 'database', 'clock', 'jobs', 'events', 'wallet', 'cashier'],
});
