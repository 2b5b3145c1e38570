import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { ensureBenefitCampaigns, grantBenefits } from './benefits.ts';
import { accruePoints } from './handlers/accrue-points.ts';
import { settlePointsOnChange } from './handlers/settle-points.ts';
import { loyaltyOperatorRoutes } from './operator-routes.ts';
import { loyaltyRoutes } from './routes.ts';
import { resettleLevels, settleDepsOf } from './settle.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Grants the level benefits due (birthday, weekly spins, monthly cashback), once per period (hourly). */
    'loyalty.benefits': Record<string, never>;
    /** Settles levels again as points collected more than 12 months ago stop counting (daily). */
    'loyalty.levels': Record<string, never>;
  }
}

/**
 * The loyalty programme (issue 18, content/loyalty): comp points from real-money play, six levels by the
 * points collected over 12 months with their groups, the exchange of points for real money, and the
 * level benefits granted through the bonus engine.
 */
async function loyaltyPlugin(app: FastifyInstance): Promise<void> {
  const deps = settleDepsOf(app);
  await app.register(apiScope(loyaltyRoutes({ wallet: app.wallet, events: app.events })));
  await app.register(operatorScope(loyaltyOperatorRoutes));
  app.addHook('onReady', async () => {
    await ensureBenefitCampaigns(app.database.db);
  });
  app.events.register(app, [accruePoints, settlePointsOnChange]);
  const benefitDeps = { wallet: app.wallet, events: app.events };
  app.jobs.define('loyalty.benefits', () => grantBenefits(app.database.db, benefitDeps, app.clock.now()), {
    retryLimit: 0,
  });
  app.jobs.schedule('loyalty.benefits', '7 * * * *');
  app.jobs.define('loyalty.levels', () => resettleLevels(app.database.db, deps, app.clock.now()), {
    retryLimit: 0,
  });
  app.jobs.schedule('loyalty.levels', '20 0 * * *');
}

export default fp(loyaltyPlugin, {
  name: 'loyalty',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'clock',
    'jobs',
    'events',
    'wallet',
    'games',
    'player',
    'realtime',
    'notifications',
    'bonuses',
    'operator-actions',
  ],
});
