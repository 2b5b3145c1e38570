import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';

export type HoldRow = typeof schema.withdrawalHolds.$inferSelect;

/** The hold on the player's withdrawals in force, if any; locked until `db`'s transaction ends when asked. */
export async function holdInForce(db: Db, playerId: string, lock = false): Promise<HoldRow | undefined> {
  const h = schema.withdrawalHolds;
  const query = db
    .select()
    .from(h)
    .where(and(eq(h.playerId, playerId), isNull(h.liftedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The reasons of the holds in force on these players, by player. */
export async function holdReasons(db: Db, playerIds: string[]): Promise<Map<string, string>> {
  if (playerIds.length === 0) return new Map();
  const h = schema.withdrawalHolds;
  const rows = await db
    .select({ playerId: h.playerId, reason: h.reason })
    .from(h)
    .where(and(isNull(h.liftedAt), inArray(h.playerId, [...new Set(playerIds)])));
  return new Map(rows.map((row) => [row.playerId, row.reason]));
}
