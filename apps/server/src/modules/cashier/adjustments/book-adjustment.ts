import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { InsufficientFunds } from '../../wallet/public.ts';
import type { AdjustmentRow } from './present-adjustment.ts';

/**
 * Books an adjustment in the transaction `tx`: the ledger movement against the house (its key is the
 * adjustment's, so it is booked once whoever tries again), the row marked booked by `by`, and the event
 * that pushes the player's new balance. A debit beyond the real balance throws InsufficientFunds, which
 * aborts the transaction: the caller says why once it is rolled back (`refusedOverBalance`).
 */
export async function bookAdjustment(
  app: FastifyInstance,
  tx: Db,
  adjustment: AdjustmentRow,
  by: string,
): Promise<AdjustmentRow> {
  await app.wallet.using(tx).adjustBalance({
    key: `adjustment:${adjustment.id}`,
    reference: adjustment.id,
    playerId: adjustment.playerId,
    currency: adjustment.currency,
    amount: Math.abs(adjustment.amount),
    direction: adjustment.amount > 0 ? 'credit' : 'debit',
  });
  const now = app.clock.now();
  const [booked] = await tx
    .update(schema.balanceAdjustments)
    .set({ status: 'booked', decidedBy: by, decidedAt: now })
    .where(eq(schema.balanceAdjustments.id, adjustment.id))
    .returning();
  if (!booked) throw new Error(`adjustment ${adjustment.id} vanished`);
  await app.events.publish(tx, 'cashier.balance_adjusted', {
    adjustmentId: booked.id,
    playerId: booked.playerId,
    currency: booked.currency,
    amount: booked.amount,
  });
  return booked;
}

/**
 * Runs `work` (a transaction that books an adjustment); a debit the real balance could not cover is
 * answered, after the rollback, with what the player has.
 */
export async function refusedOverBalance<T>(
  app: FastifyInstance,
  adjustment: { playerId: string; currency: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof InsufficientFunds)) throw error;
    const { real } = await app.wallet.ledger.balances(adjustment.playerId, adjustment.currency);
    throw new AppError('cashier.adjustment_over_balance', {
      field: 'amount_cents',
      params: { available: (real / 100).toFixed(2), currency: adjustment.currency },
      cause: error,
    });
  }
}
