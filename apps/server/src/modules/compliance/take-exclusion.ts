import type { Exclusion, ExclusionKind, ExclusionPeriod } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { AppError } from '../../platform/errors.ts';
import { endGameSessions } from '../wallet/public.ts';
import { recordAudit } from './audit-log.ts';
import { coolingOffMs, endOf, periodsOffered } from './exclusion-periods.ts';
import { presentExclusion } from './read-exclusions.ts';

/**
 * What another module does in the transaction that takes a time-out or self-exclusion (the bonus
 * engine forfeits the player's running bonuses), registered with `app.compliance.whenExcluded`.
 */
export type ExclusionHook = (tx: Db, playerId: string, now: Date) => Promise<void>;

export interface ExclusionDeps {
  /** The licence (app.config.LICENSE): which periods are offered, how long the cooling-off lasts. */
  licence: string;
  whenExcluded: readonly ExclusionHook[];
  /** Signs the player out everywhere (app.endPlayerSessions). */
  endPlayerSessions: (tx: Db, playerId: string, now: Date) => Promise<void>;
}

/**
 * A time-out or self-exclusion, in force at once and on every instance (issue 17), all in one
 * transaction: every sign-in session of the player is revoked (sessions are read from the database on
 * each request), every game session ends now (the wallet answers RS_ERROR_TOKEN_EXPIRED to the next
 * bet), and the hooks of other modules run (a running bonus is forfeited as its terms say). Promotional pushes stop
 * because they are filtered by the row written here; pending withdrawals are left to be paid.
 */
export async function takeExclusion(
  db: Db,
  deps: ExclusionDeps,
  playerId: string,
  choice: {
    kind: ExclusionKind;
    period: ExclusionPeriod;
    source: 'player' | 'operator';
    /** The operator who set it, when `source` is `operator`. */
    operator?: `operator:${string}`;
    reason?: string | null;
    /** Where the request came from, for the audit trail. */
    ip?: string | null;
  },
  now: Date,
): Promise<Exclusion> {
  if (!periodsOffered(deps.licence, choice.kind).includes(choice.period)) {
    throw new AppError('compliance.period_not_offered', { field: 'period', params: { kind: choice.kind } });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.playerExclusions)
      .values({
        playerId,
        kind: choice.kind,
        period: choice.period,
        source: choice.source,
        reason: choice.reason ?? null,
        startsAt: now,
        endsAt: endOf(choice.period, now),
      })
      .returning();
    if (!row) throw new Error('no exclusion was written');
    await deps.endPlayerSessions(tx, playerId, now);
    await endGameSessions(tx, playerId, now);
    for (const hook of deps.whenExcluded) await hook(tx, playerId, now);
    await recordAudit(tx, {
      at: now,
      actor: choice.source === 'player' ? `player:${playerId}` : (choice.operator ?? 'system'),
      action: choice.kind === 'timeout' ? 'break.taken' : 'self_exclusion.taken',
      playerId,
      details: {
        exclusion: row.id,
        kind: choice.kind,
        period: choice.period,
        ends_at: row.endsAt?.toISOString() ?? null,
        ...(choice.reason ? { reason: choice.reason } : {}),
      },
      ip: choice.ip ?? null,
    });
    return presentExclusion(row, now, coolingOffMs(deps.licence));
  });
}
