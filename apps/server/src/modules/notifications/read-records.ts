import { type NotificationReadRecord, notificationReadsKept } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';

const r = schema.notificationReads;

/** The player's read records, newest read first, at most 100 (spec §9). */
export async function readRecords(db: Db, playerId: string): Promise<NotificationReadRecord[]> {
  const rows = await db
    .select({ slug: r.slug, createdAt: r.createdAt, readAt: r.readAt })
    .from(r)
    .where(eq(r.playerId, playerId))
    .orderBy(desc(r.readAt), r.slug)
    .limit(notificationReadsKept);
  return rows.map((row) => ({
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt.toISOString(),
  }));
}

/**
 * Adds read records (from any of the player's devices): a notification read twice keeps its first
 * reading; beyond the newest 100 the oldest are dropped, as on the device.
 */
export async function addReadRecords(
  db: Db,
  playerId: string,
  records: NotificationReadRecord[],
  now: Date,
): Promise<NotificationReadRecord[]> {
  if (records.length > 0) {
    await db
      .insert(r)
      .values(
        records.map((record) => ({
          playerId,
          slug: record.slug,
          createdAt: new Date(record.createdAt),
          // A device's clock may run ahead; a reading is never in the future.
          readAt: new Date(Math.min(Date.parse(record.readAt), now.getTime())),
        })),
      )
      .onConflictDoUpdate({
        target: [r.playerId, r.slug, r.createdAt],
        set: { readAt: sql`least(${r.readAt}, excluded.read_at)` },
      });
    const [oldestKept] = await db
      .select({ readAt: r.readAt })
      .from(r)
      .where(eq(r.playerId, playerId))
      .orderBy(desc(r.readAt))
      .offset(notificationReadsKept - 1)
      .limit(1);
    if (oldestKept) await db.delete(r).where(and(eq(r.playerId, playerId), lt(r.readAt, oldestKept.readAt)));
  }
  return readRecords(db, playerId);
}
