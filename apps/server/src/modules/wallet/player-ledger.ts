import type { OperatorLedgerKind, OperatorLedgerPage } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { type HistoryLabels, historyKinds, transactionHistory } from './history.ts';

/** The ledger's own kinds behind each kind the operators' filter offers. */
const ledgerKindsOf: Record<OperatorLedgerKind, readonly string[]> = {
  deposit: historyKinds.deposit,
  withdrawal: historyKinds.withdrawal,
  bet: ['bet'],
  win: ['win'],
  rollback: ['rollback'],
  bonus: historyKinds.bonus,
  adjustment: ['balance_adjustment'],
};

export interface PlayerLedgerQuery {
  kind?: OperatorLedgerKind | undefined;
  currency?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/**
 * A page of the player's ledger as operators read it (Player 360): the player's own history, read the
 * same way, with the balance each movement left, paged back in time by the id of the last one seen.
 */
export async function playerLedger(
  db: Db,
  labels: HistoryLabels,
  playerId: string,
  query: PlayerLedgerQuery,
): Promise<OperatorLedgerPage> {
  const { kind, before, limit, ...filter } = query;
  const { items } = await transactionHistory(
    db,
    labels,
    playerId,
    { ...filter, kinds: kind ? ledgerKindsOf[kind] : undefined },
    { offset: 0, limit, before },
  );
  const last = items.at(-1);
  return {
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      currency: item.currency,
      amount_cents: item.amount_cents,
      real_cents: item.real_cents,
      bonus_cents: item.bonus_cents,
      held_cents: item.held_cents,
      real_balance_after_cents: item.real_balance_after_cents,
      bonus_balance_after_cents: item.bonus_balance_after_cents,
      round: item.round,
      game_code: item.game_code,
      game_title: item.game_title,
      method: item.method,
      created_at: item.created_at,
    })),
    next_before: items.length === limit && last ? last.id : null,
  };
}
