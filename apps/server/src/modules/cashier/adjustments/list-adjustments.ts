import { type Db, schema } from '@chrysos/db';
import { and, asc, eq } from 'drizzle-orm';
import type { AdjustmentRow } from './present-adjustment.ts';

/** Adjustments in a status, oldest first (the queue's order), of one player or all; at most 200. */
export function listAdjustments(
  db: Db,
  filter: { status: AdjustmentRow['status']; playerId?: string | undefined },
): Promise<AdjustmentRow[]> {
  const a = schema.balanceAdjustments;
  return db
    .select()
    .from(a)
    .where(and(eq(a.status, filter.status), filter.playerId ? eq(a.playerId, filter.playerId) : undefined))
    .orderBy(asc(a.requestedAt), asc(a.id))
    .limit(200);
}
