import type { Db } from '@chrysos/db';
import { AppError } from '../../platform/errors.ts';
import { exclusionInForce } from './read-exclusions.ts';

/**
 * Refuses a sign-in while a time-out or self-exclusion is in force at `now` (the product's time),
 * naming its end: 403 `compliance.excluded_until {until, kind}` or `compliance.self_excluded_permanently`.
 */
export async function refuseIfExcluded(db: Db, playerId: string, now: Date): Promise<void> {
  const excluded = await exclusionInForce(db, playerId, now);
  if (!excluded) return;
  if (!excluded.endsAt) throw new AppError('compliance.self_excluded_permanently');
  throw new AppError('compliance.excluded_until', {
    params: { until: excluded.endsAt.toISOString(), kind: excluded.kind },
  });
}
