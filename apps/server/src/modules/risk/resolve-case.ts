import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { caseById } from './list-cases.ts';
import type { CaseRow } from './present.ts';

/** Closes an unresolved case in `tx` with its outcome, a note and who resolved it; never reopened. */
export async function resolveCase(
  tx: Db,
  caseId: string,
  resolution: { outcome: 'no_action' | 'intervened' | 'reported'; note: string; by: string; at: Date },
): Promise<CaseRow> {
  const found = await caseById(tx, caseId, true);
  if (!found) throw new AppError('risk.case_not_found');
  if (found.status === 'resolved') throw new AppError('risk.case_resolved');
  const [resolved] = await tx
    .update(schema.riskCases)
    .set({
      status: 'resolved',
      outcome: resolution.outcome,
      resolutionNote: resolution.note,
      resolvedBy: resolution.by,
      resolvedAt: resolution.at,
    })
    .where(eq(schema.riskCases.id, caseId))
    .returning();
  if (!resolved) throw new Error('case not resolved');
  return resolved;
}
