import type { Exclusion } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from './audit-log.ts';
import { inForce, presentExclusion } from './read-exclusions.ts';

/**
 * Lifting an exclusion whose time is over takes two calls a day apart: the first starts the cooling-off,
 * the second, after it, lifts it. Before its end nothing lifts it, not even the player's own request
 * (a time-out neither): the refusal names the end.
 */
export async function liftExclusion(
  db: Db,
  coolingOffMs: number,
  playerId: string,
  id: string,
  now: Date,
  ip: string | null = null,
): Promise<Exclusion> {
  const e = schema.playerExclusions;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(e)
      .where(and(eq(e.id, id), eq(e.playerId, playerId)))
      .for('update');
    if (!row) throw new AppError('compliance.exclusion_not_found');
    if (row.liftedAt) return presentExclusion(row, now, coolingOffMs);
    if (inForce(row, now)) {
      if (!row.endsAt) throw new AppError('compliance.self_excluded_permanently');
      throw new AppError('compliance.exclusion_not_ended', { params: { until: row.endsAt.toISOString() } });
    }
    if (!row.liftRequestedAt) {
      const [asked] = await tx.update(e).set({ liftRequestedAt: now }).where(eq(e.id, row.id)).returning();
      await recordAudit(tx, {
        at: now,
        actor: `player:${playerId}`,
        action: 'exclusion.lift_requested',
        playerId,
        details: { exclusion: row.id, kind: row.kind },
        ip,
      });
      return presentExclusion(asked ?? row, now, coolingOffMs);
    }
    const liftable = new Date(row.liftRequestedAt.getTime() + coolingOffMs);
    if (now < liftable) {
      throw new AppError('compliance.cooling_off', { params: { until: liftable.toISOString() } });
    }
    const [lifted] = await tx.update(e).set({ liftedAt: now }).where(eq(e.id, row.id)).returning();
    await recordAudit(tx, {
      at: now,
      actor: `player:${playerId}`,
      action: 'exclusion.lifted',
      playerId,
      details: { exclusion: row.id, kind: row.kind },
      ip,
    });
    return presentExclusion(lifted ?? row, now, coolingOffMs);
  });
}
