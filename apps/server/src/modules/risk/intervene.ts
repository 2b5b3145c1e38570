import type { Db } from '@chrysos/db';
import { AppError } from '../../platform/errors.ts';
import { recordIntervention } from './interventions.ts';
import { caseById } from './list-cases.ts';
import type { InterventionRow } from './present.ts';

/**
 * Records in `tx` what an operator did about a player, on one of the player's unresolved cases or on
 * its own. A case under nobody's watch is still open: recording on it does not take it over.
 */
export async function intervene(
  tx: Db,
  intervention: {
    playerId: string;
    caseId?: string | undefined;
    kind: string;
    note: string;
    by: string;
    at: Date;
  },
): Promise<InterventionRow> {
  if (intervention.caseId) {
    const onCase = await caseById(tx, intervention.caseId, true);
    if (!onCase) throw new AppError('risk.case_not_found', { field: 'case_id' });
    if (onCase.playerId !== intervention.playerId) {
      throw new AppError('risk.case_of_another_player', { field: 'case_id' });
    }
    if (onCase.status === 'resolved') throw new AppError('risk.case_resolved', { field: 'case_id' });
  }
  return recordIntervention(tx, {
    playerId: intervention.playerId,
    caseId: intervention.caseId ?? null,
    kind: intervention.kind,
    note: intervention.note,
    recordedBy: intervention.by,
    recordedAt: intervention.at,
  });
}
