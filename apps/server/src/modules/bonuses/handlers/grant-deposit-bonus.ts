import type { Db } from '@chrysos/db';
import { defineHandler } from '../../../platform/events.ts';
import { grantDepositBonus } from '../grant-deposit-bonus.ts';

/** A deposit made with a bonus code grants (and may activate) the code's deposit bonus. */
export const grantDepositBonusOnDeposit = defineHandler({
  name: 'bonuses.deposit-bonus',
  follows: ['cashier.deposit_succeeded'],
  handle: (app) => {
    const deps = {
      wallet: app.wallet,
      events: app.events,
      licence: app.config.LICENSE,
      countDeposits: app.paymentFacts.depositsBefore,
      log: app.log,
      now: () => app.clock.now(),
    };
    // A batch may grant and activate bonuses of several players: their ledger locks are taken first, all
    // at once in sorted order, not one event at a time (issue 31 item 22).
    const lockedBatches = new WeakSet<Db>();
    return async (event, context) => {
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
      await grantDepositBonus(context.db, deps, event);
    };
  },
});
