import { type RiskCaseKind, riskCaseKinds } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { dueDays } from './watch-rules.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Raises a case of `kind` for the player in `tx`, due in its category's days; while one of that kind is
 * unresolved, the watch updates its figures and counts the occurrence instead of raising another
 * (its owner, status and due date stay).
 */
export async function raiseCase(
  tx: Db,
  raised: { playerId: string; kind: RiskCaseKind; facts: Record<string, number | string | string[]> },
  now: Date,
): Promise<void> {
  const category = riskCaseKinds[raised.kind];
  const c = schema.riskCases;
  await tx
    .insert(c)
    .values({
      playerId: raised.playerId,
      kind: raised.kind,
      category,
      facts: { ...raised.facts, occurrences: 1 },
      openedAt: now,
      dueAt: new Date(now.getTime() + dueDays[category] * dayMs),
    })
    .onConflictDoUpdate({
      target: [c.playerId, c.kind],
      targetWhere: sql`${c.status} <> 'resolved'`,
      set: {
        facts: sql`excluded.facts || jsonb_build_object('occurrences', coalesce((${c.facts}->>'occurrences')::int, 1) + 1)`,
      },
    });
}
