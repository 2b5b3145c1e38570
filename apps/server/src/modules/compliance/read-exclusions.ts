import type { Exclusion, ExclusionPeriod } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, isNull } from 'drizzle-orm';

type Row = typeof schema.playerExclusions.$inferSelect;
const e = schema.playerExclusions;

/** Whether the row still keeps the player from signing in: its end is still ahead (or it has none). */
export const inForce = (row: Row, now: Date) =>
  row.liftedAt === null && (row.endsAt === null || row.endsAt > now);

/** As the API shows it; `coolingOffMs` (the licence's) tells when a lift asked for can be confirmed. */
export function presentExclusion(row: Row, now: Date, coolingOffMs: number): Exclusion {
  const liftableAt = row.liftRequestedAt ? new Date(row.liftRequestedAt.getTime() + coolingOffMs) : null;
  const state = row.liftedAt
    ? 'lifted'
    : inForce(row, now)
      ? 'active'
      : row.liftRequestedAt
        ? 'cooling_off'
        : 'ended';
  return {
    id: row.id,
    kind: row.kind as Exclusion['kind'],
    period: row.period as ExclusionPeriod,
    source: row.source as Exclusion['source'],
    state,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    lift_requested_at: row.liftRequestedAt?.toISOString() ?? null,
    liftable_at: liftableAt?.toISOString() ?? null,
    lifted_at: row.liftedAt?.toISOString() ?? null,
  };
}

/** The player's exclusions, newest first. */
export async function listExclusions(
  db: Db,
  playerId: string,
  coolingOffMs: number,
  now: Date,
): Promise<Exclusion[]> {
  const rows = await db.select().from(e).where(eq(e.playerId, playerId)).orderBy(desc(e.startsAt));
  return rows.map((row) => presentExclusion(row, now, coolingOffMs));
}

/**
 * What keeps the player from signing in now, if anything: the exclusion in force that ends last (a
 * permanent one before any other). Read from the database on every call, so every instance agrees at once.
 */
export async function exclusionInForce(
  db: Db,
  playerId: string,
  now: Date,
): Promise<{ kind: string; endsAt: Date | null } | null> {
  const rows = await db
    .select()
    .from(e)
    .where(and(eq(e.playerId, playerId), isNull(e.liftedAt)));
  const current = rows.filter((row) => inForce(row, now));
  if (current.length === 0) return null;
  const permanent = current.find((row) => row.endsAt === null);
  const last = permanent ?? current.reduce((a, b) => ((a.endsAt ?? now) > (b.endsAt ?? now) ? a : b));
  return { kind: last.kind, endsAt: last.endsAt };
}

/**
 * Whether a break or self-exclusion of the player is not lifted yet: in force, or over but waiting for
 * the player to lift it (ask, then confirm after the cooling-off). Real-money play stays closed meanwhile.
 */
export async function holdsPlay(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.playerId, playerId), isNull(e.liftedAt)))
    .limit(1);
  return row !== undefined;
}
