import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { endBonus } from './end-bonus.ts';
import { finishFreespins } from './finish-freespins.ts';

const b = schema.playerBonuses;
const f = schema.playerFreespins;

/** Rows handled per transaction: a long backlog is worked off in short transactions. */
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
  now = new Date(),
) {
  let ended = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(b)
        .where(and(inArray(b.stage, ['issued', 'activated']), lte(b.expiresAt, now)))
        .limit(batch)
        .for('update', { skipLocked: true });
      // An issued bonus that lapses had no money on the balance: nothing to tell by push.
      for (const bonus of due)
        await endBonus(tx, deps, bonus, 'expired', now, { pushed: bonus.stage !== 'issued' });
      return due.length;
    });
    ended += done;
    if (done < batch) break;
  }
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(f)
        .where(and(inArray(f.stage, ['issued', 'activated']), lte(f.expiresAt, now)))
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const spins of due) await finishFreespins(tx, deps, spins, 'expired', now);
      return due.length;
    });
    ended += done;
    if (done < batch) break;
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
