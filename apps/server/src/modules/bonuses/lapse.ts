import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { endBonus } from './end-bonus.ts';
import { finishFreespins } from './finish-freespins.ts';

const b = schema.playerBonuses;
const f = schema.playerFreespins;

/** Rows read per round: a long backlog is worked off in short transactions, one a row. */
const batch = 100;

/**
 * The bonus engine's clock (a job every minute, once across instances): issued bonuses not claimed in
 * time and running ones not wagered in time expire (their bonus money back to the pool; one whose wagering is
 * met and only waits for open rounds, handle_bets, does not), free spins not
 * played in time expire (what they won so far still becomes a bonus), and a free-spin batch whose day
 * has come is announced to the player.
 */
export async function lapseBonuses(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  // The product clock's time (the job passes app.clock.now()).
  now: Date,
) {
  let ended = 0;
  // Each lapse is a transaction of its own that takes the player's ledger lock before the row, as
  // every path that locks a bonus or free-spin row and books does (issue 31 item 22): a batch locking
  // many players' rows first and their ledger locks one by one would wait on them in the other order.
  const bonusDue = and(inArray(b.stage, ['issued', 'activated']), lte(b.expiresAt, now));
  for (;;) {
    const due = await db
      .select({ id: b.id, playerId: b.playerId, currency: b.currency })
      .from(b)
      .where(bonusDue)
      .orderBy(b.id)
      .limit(batch);
    for (const named of due) {
      ended += await db.transaction(async (tx) => {
        await deps.wallet.using(tx).ledger.lockPlayer(named.playerId, named.currency);
        const [bonus] = await tx
          .select()
          .from(b)
          .where(and(eq(b.id, named.id), bonusDue))
          .for('update');
        if (!bonus) return 0;
        // An issued bonus that lapses had no money on the balance: nothing to tell by push.
        await endBonus(tx, deps, bonus, 'expired', now, { pushed: bonus.stage !== 'issued' });
        return 1;
      });
    }
    if (due.length < batch) break;
  }
  const spinsDue = and(inArray(f.stage, ['issued', 'activated']), lte(f.expiresAt, now));
  for (;;) {
    const due = await db
      .select({ id: f.id, playerId: f.playerId, currency: f.currency })
      .from(f)
      .where(spinsDue)
      .orderBy(f.id)
      .limit(batch);
    for (const named of due) {
      ended += await db.transaction(async (tx) => {
        await deps.wallet.using(tx).ledger.lockPlayer(named.playerId, named.currency);
        const [spins] = await tx
          .select()
          .from(f)
          .where(and(eq(f.id, named.id), spinsDue))
          .for('update');
        if (!spins) return 0;
        await finishFreespins(tx, deps, spins, 'expired', now);
        return 1;
      });
    }
    if (due.length < batch) break;
  }
  await db.transaction(async (tx) => {
    const arrived = await tx
      .update(f)
      .set({ announcedAt: now })
      .where(and(eq(f.stage, 'issued'), isNull(f.announcedAt), lte(f.availableAt, now)))
      .returning({ id: f.id, playerId: f.playerId });
    for (const spins of arrived) {
      await deps.events.publish(tx, 'bonuses.freespins_changed', {
        freespinsId: spins.id,
        playerId: spins.playerId,
        stage: 'issued',
        pushed: true,
      });
    }
  });
  return ended;
}
