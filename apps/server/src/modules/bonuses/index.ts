import type { Db } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { seedAdvertisedCampaigns } from './advertised-campaigns.ts';
import { forfeitRunningBonuses } from './cancel.ts';
import { publishChanges } from './changes.ts';
import { followPlay } from './follow-play.ts';
import { freeBetGranted } from './free-bet-grant.ts';
import { grantDepositBonus } from './grant-deposit-bonus.ts';
import { lapseBonuses } from './lapse.ts';
import { bonusOperatorRoutes } from './operator-routes.ts';
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
  // A batch may grant and activate bonuses of several players: their ledger locks are taken first, all
  // at once in sorted order, not one event at a time (issue 31 item 22).
  const lockedBatches = new WeakSet<Db>();
  app.events.on('cashier.deposit_succeeded', 'bonuses.deposit-bonus', async (event, context) => {
    if (!lockedBatches.has(context.db)) {
      lockedBatches.add(context.db);
      await app.wallet
        .using(context.db)
        .ledger.lockPlayers(
          context.batch.flatMap((other) =>
            other.name === 'cashier.deposit_succeeded' ? [other.payload] : [],
          ),
        );
    }
    await grantDepositBonus(
      context.db,
      { ...deps, licence: app.config.LICENSE, log: app.log, now: () => app.clock.now() },
      event,
    );
  });
  app.wallet.acceptFreeBets((db, bet) => freeBetGranted(db, bet, app.clock.now()));
  // A time-out or self-exclusion forfeits the player's running bonuses as their terms say.
  app.compliance.whenExcluded((tx, playerId, now) => forfeitRunningBonuses(tx, deps, playerId, now));
  followPlay(app, deps);
  publishChanges(app);
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
    'cashier',
    'compliance',
    'realtime',
    'notifications',
    'clock',
  ],
});
