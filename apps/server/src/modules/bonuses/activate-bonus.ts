import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { latestTransactionId } from '../wallet/public.ts';

const b = schema.playerBonuses;
const day = 24 * 60 * 60 * 1000;

export const runningStages = ['activated', 'handle_bets'] as const;

/**
 * Activates an issued bonus inside `tx`: its money moves from the bonus pool to the player's bonus
 * balance (one booking keyed by the bonus), wagering starts counting with the bets after that booking,
 * and the time to wager starts. One bonus runs per currency (player_bonuses_one_running).
 */
export async function activateBonus(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  bonusId: string,
  now: Date,
) {
  // The player's ledger lock before the bonus row, as the activation's booking and the bonus event
  // handler take them (issue 31 item 22); a bonus's player and currency never change, so they are
  // read unlocked to name the lock.
  const currency = await bonusCurrency(tx, playerId, bonusId);
  if (currency === undefined) throw new AppError('bonuses.not_found');
  await deps.wallet.using(tx).ledger.lockPlayer(playerId, currency);
  const [bonus] = await tx
    .select()
    .from(b)
    .where(and(eq(b.id, bonusId), eq(b.playerId, playerId)))
    .for('update');
  if (!bonus) throw new AppError('bonuses.not_found');
  if (bonus.stage !== 'issued' || (bonus.expiresAt && bonus.expiresAt <= now)) {
    throw new AppError('bonuses.not_issued');
  }
  const [running] = await tx
    .select({ id: b.id })
    .from(b)
    .where(
      and(eq(b.playerId, playerId), eq(b.currency, bonus.currency), inArray(b.stage, [...runningStages])),
    );
  if (running) throw new AppError('bonuses.another_active', { params: { currency: bonus.currency } });

  let activationTransaction: number;
  if (bonus.kind === 'freespin_winnings') {
    // Its money is on the bonus balance already (the spins' wins): bets after the latest booking count.
    activationTransaction = await latestTransactionId(tx, playerId);
  } else {
    const booking = await deps.wallet.using(tx).grantBonus({
      key: `bonus:grant:${bonus.id}`,
      playerId,
      currency: bonus.currency,
      amount: bonus.amount,
      reference: bonus.id,
    });
    if (booking.status === 'conflict')
      throw new Error(`bonus ${bonus.id} grant key taken by ${booking.kind}`);
    activationTransaction = booking.result.transaction_id;
  }
  const [activated] = await tx
    .update(b)
    .set({
      stage: 'activated',
      activatedAt: now,
      activationTransaction,
      expiresAt: new Date(now.getTime() + bonus.wagerDays * day),
      updatedAt: now,
    })
    .where(eq(b.id, bonus.id))
    .returning();
  await deps.events.publish(tx, 'bonuses.bonus_changed', {
    bonusId: bonus.id,
    playerId,
    stage: 'activated',
    pushed: true,
  });
  return activated ?? bonus;
}

/**
 * The currency of a player's bonus, read without a lock (it never changes): what names the player's
 * ledger lock, taken before the bonus row is locked. Undefined when the player has no such bonus.
 */
export async function bonusCurrency(tx: Db, playerId: string, bonusId: string) {
  const [row] = await tx
    .select({ currency: b.currency })
    .from(b)
    .where(and(eq(b.id, bonusId), eq(b.playerId, playerId)));
  return row?.currency;
}

/** True when the failure is the one-running-bonus index: another activation won the race. */
export const lostRunningRace = (error: unknown): boolean => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes('player_bonuses_one_running')) return true;
  }
  return false;
};
