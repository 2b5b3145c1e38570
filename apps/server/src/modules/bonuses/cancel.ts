import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { bonusCurrency, runningStages } from './activate-bonus.ts';
import { endBonus } from './end-bonus.ts';
import { finishFreespins } from './finish-freespins.ts';

/**
 * DELETE /player/bonuses/:id: the player gives a bonus up. A running one takes its bonus money and what
 * it won with it back to the pool; real money stays (the promotion page's promise).
 */
export async function cancelBonus(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  id: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const b = schema.playerBonuses;
    // The player's ledger lock before the bonus row (issue 31 item 22), as endBonus books under it.
    const currency = await bonusCurrency(tx, playerId, id);
    if (currency === undefined) throw new AppError('bonuses.not_found');
    await deps.wallet.using(tx).ledger.lockPlayer(playerId, currency);
    const [bonus] = await tx
      .select()
      .from(b)
      .where(and(eq(b.id, id), eq(b.playerId, playerId)))
      .for('update');
    if (!bonus) throw new AppError('bonuses.not_found');
    if (!['issued', ...runningStages].includes(bonus.stage)) throw new AppError('bonuses.not_cancellable');
    await endBonus(tx, deps, bonus, 'canceled', now);
  });
}

/** DELETE /player/freespins/:id: the spins left are given up (what they won so far still counts). */
export async function cancelFreespins(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  id: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const f = schema.playerFreespins;
    // The player's ledger lock before the spins' row (issue 31 item 22): finishing them may lock the
    // running bonus and book its activation, as the bonus event handler does under that lock.
    const [named] = await tx
      .select({ currency: f.currency })
      .from(f)
      .where(and(eq(f.id, id), eq(f.playerId, playerId)));
    if (named) await deps.wallet.using(tx).ledger.lockPlayer(playerId, named.currency);
    const [spins] = await tx
      .select()
      .from(f)
      .where(and(eq(f.id, id), eq(f.playerId, playerId), inArray(f.stage, ['issued', 'activated'])))
      .for('update');
    if (!spins) {
      const [any] = await tx
        .select({ id: f.id })
        .from(f)
        .where(and(eq(f.id, id), eq(f.playerId, playerId)));
      throw new AppError(any ? 'bonuses.freespins_not_playable' : 'bonuses.freespins_not_found');
    }
    await finishFreespins(tx, deps, spins, 'canceled', now);
  });
}

/** Forfeits the player's running bonus in every currency (a time-out or self-exclusion was taken). */
export async function forfeitRunningBonuses(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  now: Date,
): Promise<void> {
  const b = schema.playerBonuses;
  const running = await tx
    .selectDistinct({ currency: b.currency })
    .from(b)
    .where(and(eq(b.playerId, playerId), inArray(b.stage, [...runningStages])))
    .orderBy(b.currency);
  for (const { currency } of running) await forfeitRunningBonus(tx, deps, playerId, currency, true, now);
}

/**
 * A withdrawal while a bonus runs in its currency forfeits the bonus, once the player confirmed it
 * (the cashier refuses the withdrawal with cashier.bonus_active until then). Inside the withdrawal's
 * transaction, so the forfeit and the hold happen together or not at all. Answers whether one ran.
 */
export async function forfeitRunningBonus(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  currency: string,
  confirmed: boolean,
  now: Date,
): Promise<boolean> {
  const b = schema.playerBonuses;
  // The player's ledger lock before the bonus row (issue 31 item 22), as endBonus books under it.
  await deps.wallet.using(tx).ledger.lockPlayer(playerId, currency);
  const [bonus] = await tx
    .select()
    .from(b)
    .where(and(eq(b.playerId, playerId), eq(b.currency, currency), inArray(b.stage, [...runningStages])))
    .for('update');
  if (!bonus) return false;
  if (!confirmed)
    throw new AppError('cashier.bonus_active', { field: 'forfeit_bonus', params: { bonus: bonus.id } });
  await endBonus(tx, deps, bonus, 'forfeited', now);
  return true;
}
