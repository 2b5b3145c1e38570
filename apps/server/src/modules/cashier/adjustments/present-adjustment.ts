import type { BalanceAdjustment } from '@chrysos/contract';
import type { schema } from '@chrysos/db';

export type AdjustmentRow = typeof schema.balanceAdjustments.$inferSelect;

export function presentAdjustment(row: AdjustmentRow): BalanceAdjustment {
  return {
    id: row.id,
    player_id: row.playerId,
    currency: row.currency,
    amount_cents: row.amount,
    reason: row.reason,
    status: row.status,
    requested_by: row.requestedBy,
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    rejection_reason: row.rejectionReason,
  };
}
