import type { PlayerAccountState } from '@chrysos/contract';
import { schema } from '@chrysos/db';

const p = schema.players;

/** The columns of `players` that say what operators decided of the account. */
export const accountStateColumns = {
  status: p.accountStatus,
  reason: p.accountStatusReason,
  changedAt: p.accountStatusChangedAt,
  changedBy: p.accountStatusChangedBy,
};

export interface AccountStateRow {
  status: PlayerAccountState['state'];
  reason: string | null;
  changedAt: Date | null;
  changedBy: string | null;
}

export const presentAccountState = (row: AccountStateRow): PlayerAccountState => ({
  state: row.status,
  reason: row.reason,
  changed_at: row.changedAt?.toISOString() ?? null,
  changed_by: row.changedBy,
});
