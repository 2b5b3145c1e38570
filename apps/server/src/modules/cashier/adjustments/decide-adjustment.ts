import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { bookAdjustment, refusedOverBalance } from './book-adjustment.ts';
import type { AdjustmentRow } from './present-adjustment.ts';

/** The waiting adjustment, locked so two operators' decisions take turns; refused when it is not waiting. */
async function pendingAdjustment(tx: Db, id: string): Promise<AdjustmentRow> {
  const a = schema.balanceAdjustments;
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  if (!row) throw new AppError('cashier.adjustment_not_found');
  if (row.status !== 'pending') throw new AppError('cashier.adjustment_not_pending', { field: 'status' });
  return row;
}

/**
 * The second operator books a waiting adjustment; the one who asked for it cannot. A debit the balance
 * no longer covers is refused and stays waiting (it can still be rejected).
 */
export async function approveAdjustment(
  app: FastifyInstance,
  id: string,
  by: string,
  record: (tx: Db, row: AdjustmentRow) => Promise<void>,
): Promise<AdjustmentRow> {
  const asked = { playerId: '', currency: '' };
  return refusedOverBalance(app, asked, () =>
    app.database.db.transaction(async (tx) => {
      const row = await pendingAdjustment(tx, id);
      Object.assign(asked, { playerId: row.playerId, currency: row.currency });
      if (row.requestedBy === by) {
        throw new AppError('cashier.adjustment_second_approver_required', { field: 'status' });
      }
      const booked = await bookAdjustment(app, tx, row, by);
      await record(tx, booked);
      return booked;
    }),
  );
}

/** An operator refuses a waiting adjustment with a reason: no money moves. */
export async function rejectAdjustment(
  app: FastifyInstance,
  id: string,
  reason: string,
  by: string,
  record: (tx: Db, row: AdjustmentRow) => Promise<void>,
): Promise<AdjustmentRow> {
  return app.database.db.transaction(async (tx) => {
    await pendingAdjustment(tx, id);
    const a = schema.balanceAdjustments;
    const [rejected] = await tx
      .update(a)
      .set({ status: 'rejected', decidedBy: by, decidedAt: app.clock.now(), rejectionReason: reason })
      .where(and(eq(a.id, id), eq(a.status, 'pending')))
      .returning();
    if (!rejected) throw new Error(`adjustment ${id} vanished`);
    await record(tx, rejected);
    return rejected;
  });
}
