import { type OperatorRole, operatorRoleRules } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { OperatorRow } from '../operators/public.ts';
import { caseById } from './list-cases.ts';
import type { CaseRow } from './present.ts';

/** Whether a role works cases: its rules let it update them. */
const worksCases = (role: OperatorRole) =>
  operatorRoleRules[role].some(
    (rule) =>
      (rule.subject === 'RiskCase' || rule.subject === 'all') &&
      (rule.action === 'update' || rule.action === 'manage'),
  );

/**
 * Gives an unresolved case an owner in `tx` (read before it, so `tx` is the only connection it holds): an active operator whose role works cases. An open case
 * becomes an investigation; a case already under one keeps its status with its new owner.
 */
export async function assignCase(
  tx: Db,
  caseId: string,
  owner: OperatorRow | null,
): Promise<{ before: CaseRow; after: CaseRow }> {
  if (!owner || owner.disabledAt || !worksCases(owner.role)) {
    throw new AppError('risk.owner_invalid', { field: 'owner_id' });
  }
  const ownerId = owner.id;
  const before = await caseById(tx, caseId, true);
  if (!before) throw new AppError('risk.case_not_found');
  if (before.status === 'resolved') throw new AppError('risk.case_resolved');
  const [after] = await tx
    .update(schema.riskCases)
    .set({ ownerId, status: 'investigating' })
    .where(eq(schema.riskCases.id, caseId))
    .returning();
  if (!after) throw new Error('case not assigned');
  return { before, after };
}
