import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.ts';
import { type HoldRow, holdInForce } from './hold-in-force.ts';

/** Lifts the hold in force on the player's withdrawals in `tx`, with who lifted it and why. */
export async function liftHold(
  tx: Db,
  lift: { playerId: string; reason: string; by: string; at: Date },
): Promise<HoldRow> {
  const held = await holdInForce(tx, lift.playerId, true);
  if (!held) throw new AppError('cashier.withdrawal_hold_missing');
  const [lifted] = await tx
    .update(schema.withdrawalHolds)
    .set({ liftedBy: lift.by, liftedAt: lift.at, liftReason: lift.reason })
    .where(eq(schema.withdrawalHolds.id, held.id))
    .returning();
  if (!lifted) throw new Error('hold not lifted');
  return lifted;
}
