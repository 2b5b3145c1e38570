import type { PlayerAccountState } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';

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

/** The state as Player 360 shows it, with the name of the operator who made the last change. */
export const presentAccountState = (
  row: AccountStateRow,
  changedByName: string | null,
): PlayerAccountState => ({
  state: row.status,
  reason: row.reason,
  changed_at: row.changedAt?.toISOString() ?? null,
  changed_by: row.changedBy,
  changed_by_name: changedByName,
});

/** The name of the operator `operator:<id>` from their account, or null when it is gone (or none). */
export async function operatorName(app: FastifyInstance, actor: string | null): Promise<string | null> {
  if (!actor?.startsWith('operator:')) return null;
  return (await app.operators.byId(actor.slice('operator:'.length)))?.name ?? null;
}
