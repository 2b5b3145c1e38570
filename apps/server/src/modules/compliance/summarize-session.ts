import type { SessionSummary } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

/**
 * What the reality check shows (spec §1, §4, §6): per currency, what the player staked since the session
 * began (stakes less stakes rolled back) and what they won, read from the ledger, the one record of money
 * moved. A free spin stakes nothing; its win counts as won.
 */
export async function summarizeSession(db: Db, playerId: string, since: Date): Promise<SessionSummary> {
  const { rows } = (await db.execute(sql`
    select currency,
      coalesce(sum(case kind when 'bet' then amount when 'rollback' then -amount else 0 end), 0)::bigint as wagered,
      coalesce(sum(case kind when 'win' then amount else 0 end), 0)::bigint as won
    from ledger_transactions
    where player_id = ${playerId} and kind in ('bet', 'win', 'rollback') and created_at >= ${since.toISOString()}
    group by currency
    order by currency
  `)) as unknown as { rows: { currency: string; wagered: string | number; won: string | number }[] };
  return {
    since: since.toISOString(),
    currencies: rows.map((row) => ({
      currency: row.currency,
      wagered_cents: Number(row.wagered),
      won_cents: Number(row.won),
    })),
  };
}
