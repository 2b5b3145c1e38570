import { type Db, schema } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { heldCurrencies } from '../../wallet/public.ts';
import { bookAdjustment, refusedOverBalance } from './book-adjustment.ts';
import type { AdjustmentRow } from './present-adjustment.ts';

export interface AdjustmentAsked {
  playerId: string;
  currency: string;
  /** Minor units, signed: a credit or a debit. */
  amount: number;
  reason: string;
}

/**
 * An operator asks for an adjustment: booked at once (by them) when one pair of eyes is enough, else
 * stored as waiting for a second operator. `record` writes the operator's audit row in the same
 * transaction (what was asked, and whether it was booked).
 */
export async function requestAdjustment(
  app: FastifyInstance,
  asked: AdjustmentAsked,
  by: string,
  record: (tx: Db, row: AdjustmentRow) => Promise<void>,
): Promise<AdjustmentRow> {
  const { db } = app.database;
  if (!(await heldCurrencies(db, asked.playerId)).includes(asked.currency)) {
    throw new AppError('cashier.adjustment_currency_not_held', { field: 'currency' });
  }
  const limit = app.config.BALANCE_ADJUSTMENT_FOUR_EYES_ABOVE[asked.currency];
  const twoNeeded = limit !== undefined && Math.abs(asked.amount) > limit;
  return refusedOverBalance(app, asked, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.balanceAdjustments)
        .values({ ...asked, status: 'pending', requestedBy: by, requestedAt: app.clock.now() })
        .returning();
      if (!row) throw new Error('adjustment not stored');
      const result = twoNeeded ? row : await bookAdjustment(app, tx, row, by);
      await record(tx, result);
      return result;
    }),
  );
}
