import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { seedAdvertisedCampaigns } from './advertised-campaigns.ts';
import { forfeitRunningBonuses } from './cancel.ts';
import { freeBetGranted } from './free-bet-grant.ts';
import { followPlay } from './handlers/follow-play.ts';
import { grantDepositBonusOnDeposit } from './handlers/grant-deposit-bonus.ts';
import { publishBonus } from './handlers/publish-bonus.ts';
import { publishFreespins } from './handlers/publish-freespins.ts';
import { publishLootbox } from './handlers/publish-lootbox.ts';
import { lapseBonuses } from './lapse.ts';
import { bonusOperatorRoutes } from './operator-routes.ts';
import { freespinsGrant } from './play-freespins.ts';
import { bonusRoutes } from './routes.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Expires bonuses and free spins whose time ran out, announces free-spin batches (every minute). */
    'bonuses.lapse': Record<string, never>;
  }
}

/**
 * The bonus engine (docs/decisions/0021): campaigns, deposit bonuses and codes, free spins, lootboxes
 * and coupons, with wagering followed from the wallet's events and every movement of bonus money booked
 * on the ledger.
 */
async function bonusesPlugin(app: FastifyInstance): Promise<void> {
  const deps = { wallet: app.wallet, events: app.events };
  app.addHook('onReady', async () => {
    await seedAdvertisedCampaigns(app.database.db);
  });
  await app.register(
    apiScope(
      bonusRoutes({
        ...deps,
        licence: app.config.LICENSE,
      }),
    ),
  );
  await app.register(operatorScope(bonusOperatorRoutes(deps)));
  app.events.register(app, [
    grantDepositBonusOnDeposit,
    followPlay,
    publishBonus,
    publishFreespins,
    publishLootbox,
  ]);
  app.wallet.acceptFreeBets((db, bet) => freeBetGranted(db, bet, app.clock.now()));
  app.launchGrants.payFreespinsWith(freespinsGrant);
  // A time-out or self-exclusion forfeits the player's running bonuses as their terms say.
  app.compliance.whenExcluded((tx, playerId, now) => forfeitRunningBonuses(tx, deps, playerId, now));
  app.jobs.define('bonuses.lapse', () => lapseBonuses(app.database.db, deps, app.clock.now()), {
    retryLimit: 0,
  });
  app.jobs.schedule('bonuses.lapse', '* * * * *');
}

export default fp(bonusesPlugin, {
  name: 'bonuses',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'jobs',
    'events',
    'wallet',
    'games',
    'cashier',
    'compliance',
    'realtime',
    'notifications',
    'clock',
    'operator-actions',
  ],
});
