import { type Db, schema } from '@chrysos/db';
import { AppError } from '../../../platform/errors.ts';
import { lockPlayer } from '../../player/public.ts';
import { type HoldRow, holdInForce } from './hold-in-force.ts';

/** Places a hold on the player's withdrawals in `tx`; one is in force at most (409 for a second). */
export async function placeHold(
  tx: Db,
  hold: { playerId: string; reason: string; by: string; at: Date },
): Promise<HoldRow> {
  // Two operators placing one at once queue on the player: the second is told it exists.
  await lockPlayer(tx, hold.playerId);
  if (await holdInForce(tx, hold.playerId)) throw new AppError('cashier.withdrawal_hold_exists');
  const [placed] = await tx
    .insert(schema.withdrawalHolds)
    .values({ playerId: hold.playerId, reason: hold.reason, placedBy: hold.by, placedAt: hold.at })
    .returning();
  if (!placed) throw new Error('hold not stored');
  return placed;
}
