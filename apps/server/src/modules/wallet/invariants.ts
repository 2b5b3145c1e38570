import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

export interface LedgerAudit {
  /** Player accounts whose stored balance differs from the sum of their entries. */
  driftingAccounts: { id: number; balance: number; entries: number }[];
  negativeAccounts: number;
  /** Sum of every entry ever booked: zero when no money was created or destroyed. */
  ledgerTotal: number;
  /** Transactions whose own entries do not sum to zero. */
  unbalancedTransactions: number;
}

/** The ledger's invariants, checked over the whole database (tests, and an operator's audit). */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const drifting = rows<{ id: string; balance: string; entries: string }>(
    await db.execute(sql`
      select a.id, a.balance, coalesce(sum(e.amount), 0) as entries
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.player_id is not null
      group by a.id, a.balance
      having a.balance <> coalesce(sum(e.amount), 0)`),
  );
  const [negative] = rows<{ count: string }>(
    await db.execute(sql`select count(*) as count from ledger_accounts where balance < 0`),
  );
  const [total] = rows<{ total: string }>(
    await db.execute(sql`select coalesce(sum(amount), 0) as total from ledger_entries`),
  );
  const [unbalanced] = rows<{ count: string }>(
    await db.execute(sql`
      select count(*) as count from (
        select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0
      ) as t`),
  );
  return {
    driftingAccounts: drifting.map((row) => ({
      id: Number(row.id),
      balance: Number(row.balance),
      entries: Number(row.entries),
    })),
    negativeAccounts: Number(negative?.count ?? 0),
    ledgerTotal: Number(total?.total ?? 0),
    unbalancedTransactions: Number(unbalanced?.count ?? 0),
  };
}

/**
 * Bets both answered by a win and rolled back: the round was paid and its stake handed back too.
 * Whichever of the two is booked first decides (docs/wallet-protocol.md), so this is always empty;
 * the ledger's sums cannot show it, as both bookings balance. Gives up to 20 bet keys.
 */
export async function betsPaidAndRefunded(db: Db): Promise<string[]> {
  const { rows } = (await db.execute(sql`
    select win.reference
    from ledger_transactions win
    join ledger_transactions rollback on rollback.reference = win.reference and rollback.kind = 'rollback'
    where win.kind = 'win'
    group by win.reference
    order by win.reference
    limit 20`)) as unknown as { rows: { reference: string }[] };
  return rows.map((row) => row.reference);
}
