import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { queuePlayerPush } from '../notifications/public.ts';
import { followPlay } from './accrue.ts';
import { ensureBenefitCampaigns, grantBenefits } from './benefits.ts';
import { loyaltyOperatorRoutes } from './operator-routes.ts';
import { loyaltyRoutes } from './routes.ts';
import { resettleLevels, type SettleDeps, settlePoints } from './settle.ts';
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
  const deps: SettleDeps = {
    events: app.events,
    realtime: app.realtime,
    push: (tx, playerId, message) => queuePlayerPush(app, tx, playerId, message),
  };
  await app.register(apiScope(loyaltyRoutes({ wallet: app.wallet, events: app.events })));
  await app.register(operatorScope(loyaltyOperatorRoutes));
  app.addHook('onReady', async () => {
    await ensureBenefitCampaigns(app.database.db);
  });
  followPlay(app, deps);
  // An award or an exchange: the level follows and the new points are pushed.
  app.events.on('loyalty.points_changed', 'loyalty.settle', (event, context) =>
    settlePoints(context, deps, [event.payload.playerId], app.clock.now(), event.id),
  );
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
    'player',
    'realtime',
    'notifications',
    'bonuses',
  ],
});
