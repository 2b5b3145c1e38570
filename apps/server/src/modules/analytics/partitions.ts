import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

/** The first instant of the UTC month `months` after the one `at` is in. */
const monthStart = (at: Date, months = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));

/**
 * Makes analytics_events' partitions for the months of `moments` (migration 0044's function; a no-op
 * for one that exists).
 */
export async function ensurePartitions(db: Db, moments: readonly Date[]): Promise<void> {
  const months = [...new Set(moments.map((at) => monthStart(at).toISOString()))].sort();
  for (const month of months) await db.execute(sql`select analytics_events_partition(${month}::timestamptz)`);
}

/** This month's partition and the next two: made at start-up and each day, so the ingest never waits. */
export const monthsAhead = (now: Date) => [0, 1, 2].map((months) => monthStart(now, months));

/** Whether an insert failed because no partition holds its month (the product clock moved past them). */
export function isMissingPartition(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, message } = current as Error & { code?: unknown };
    if (code === '23514' && /no partition of relation/.test(message)) return true;
  }
  return false;
}
