import type { WithdrawalHold } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import type { HoldRow } from './hold-in-force.ts';

/** A hold as the console shows it, with the name of the operator who placed it. */
export async function presentHold(app: FastifyInstance, row: HoldRow): Promise<WithdrawalHold> {
  const placer = await app.operators.byId(row.placedBy.replace(/^operator:/, ''));
  return {
    id: row.id,
    player_id: row.playerId,
    reason: row.reason,
    placed_by: row.placedBy,
    placed_by_name: placer?.name ?? null,
    placed_at: row.placedAt.toISOString(),
    lifted_by: row.liftedBy,
    lifted_at: row.liftedAt?.toISOString() ?? null,
    lift_reason: row.liftReason,
  };
}
