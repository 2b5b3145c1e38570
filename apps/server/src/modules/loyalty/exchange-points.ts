import type { CompExchanged } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { activeCurrency, transactionByKey } from '../wallet/public.ts';
import { bookEntries } from './entries.ts';
import { levelOf, micro, minimumExchange } from './levels.ts';
import { exchangeValue, minorPerRateEuros, readCompPoints } from './read.ts';

type Movement = Parameters<Wallet['ledger']['book']>[0];

/**
 * Exchanges whole comp points for real money at the player's level rate (content/loyalty "Using them"):
 * one ledger booking from the loyalty pool to the player's real balance in their active currency, and
 * the points spent, in one transaction. The player's key makes it once: the same key again answers what
 * the first exchange paid. Fewer points than the minimum, or more than the player has, are refused.
 */
export async function exchangePoints(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  request: { playerId: string; points: number; idempotencyKey: string; now: Date },
): Promise<CompExchanged> {
  const { playerId, points, now } = request;
  const key = `loyalty:exchange:${playerId}:${request.idempotencyKey}`;
  const paid = await db.transaction(async (tx) => {
    // The balance row first: two exchanges of one player take turns, and a retry sees the first's entry.
    const { rows } = (await tx.execute(sql`
      select micro_points, level from comp_point_balances where player_id = ${playerId} for update`)) as unknown as {
      rows: { micro_points: string | number; level: string }[];
    };
    const ledger = deps.wallet.using(tx).ledger;
    const done = await previous(tx, key);
    if (done) return done;
    if (points < minimumExchange) {
      throw new AppError('loyalty.exchange_below_minimum', {
        field: 'points',
        params: { minimum: minimumExchange },
      });
    }
    const balance = Number(rows[0]?.micro_points ?? 0);
    if (balance < points * micro) {
      throw new AppError('loyalty.not_enough_points', {
        field: 'points',
        params: { points: Math.max(0, Math.floor(balance / micro)) },
      });
    }
    const currency = await activeCurrency(tx, playerId);
    const rate = await minorPerRateEuros(tx, currency);
    const amount = rate === null ? 0 : exchangeValue(points, levelOf(rows[0]?.level ?? 'bronze'), rate);
    if (amount <= 0) {
      throw new AppError('loyalty.exchange_below_minimum', {
        field: 'points',
        params: { minimum: minimumExchange },
      });
    }
    const movement: Movement = {
      key,
      kind: 'comp_exchange',
      playerId,
      currency,
      amount,
      reference: null,
      fingerprint: { kind: 'comp_exchange', player: playerId, currency, amount, points },
      legs: [
        { account: await ledger.playerAccount(playerId, currency, 'real'), amount, tracked: true },
        { account: await ledger.systemAccount('loyalty_pool', currency), amount: -amount, tracked: false },
      ],
      result: { points },
    };
    const booking = await ledger.book(movement);
    if (booking.status === 'conflict')
      throw new Error(`comp exchange ${key} conflicts with a ${booking.kind}`);
    // The level settled and the points pushed once this commits (loyalty.settle).
    await deps.events.publish(tx, 'loyalty.points_changed', { playerId, reason: 'exchange' });
    await bookEntries(
      tx,
      [
        {
          playerId,
          key: `exchange:${playerId}:${request.idempotencyKey}`,
          kind: 'exchange',
          microPoints: -points * micro,
          reason: String(booking.result.transaction_id),
          at: now,
        },
      ],
      now,
    );
    return { points, amount, currency };
  });
  return {
    points_exchanged: paid.points,
    amount_cents: paid.amount,
    currency: paid.currency,
    comp_points: await readCompPoints(db, playerId, now),
  };
}

/** The exchange this key already paid, if any. */
async function previous(tx: Db, key: string) {
  const row = await transactionByKey(tx, key);
  if (!row) return null;
  return { points: Number(row.result.points ?? 0), amount: row.amount, currency: row.currency };
}
