import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

export interface JackpotAudit {
  /** Tiers whose account does not hold its running cycle's seed plus contributions. */
  driftingTiers: { currency: string; tier: string; account: number; cycle: number }[];
  /** Seeds booked from the pool, against the cycles opened. */
  seedsBooked: number;
  seedsOfCycles: number;
  /** Won cycles whose payout is not one booking of the amount won to the winner's real balance. */
  unpaidWins: number;
  /** Bets with a contribution that is not their real stake's tier shares (1 % of it, give or take the three tiers' carried cents). */
  overContributingBets: number;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The jackpot's money checked against the ledger: each tier's account holds exactly its running
 * cycle's seed and contributions (everything before was paid out), every seed came from the pool once
 * per cycle, every win was paid once in full, and no bet gave more than 1 % of its real stake.
 */
export async function auditJackpots(db: Db): Promise<JackpotAudit> {
  const drifting = rows<{ currency: string; tier: string; account: string; cycle: string }>(
    await db.execute(sql`
      select t.currency, t.tier,
             (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = t.account_id) as account,
             c.seed_cents + c.contributed_cents as cycle
      from jackpot_tiers t
      join jackpot_cycles c on c.currency = t.currency and c.tier = t.tier and c.won_at is null
      where (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = t.account_id)
            <> c.seed_cents + c.contributed_cents`),
  );
  const [seeds] = rows<{ booked: string; cycles: string }>(
    await db.execute(sql`
      select
        (select coalesce(-sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'jackpot_seed') as booked,
        (select coalesce(sum(seed_cents), 0) from jackpot_cycles) as cycles`),
  );
  const [unpaid] = rows<{ count: string }>(
    await db.execute(sql`
      select count(*) as count from jackpot_cycles c
      where c.won_at is not null and not exists (
        select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = c.payout_transaction and a.player_id = c.winner_id and a.kind = 'real'
          and e.amount = c.won_cents)`),
  );
  const [over] = rows<{ count: string }>(
    await db.execute(sql`
      select count(*) as count from (
        select e.transaction_id,
               sum(e.amount) filter (where a.kind in ('jackpot_mini', 'jackpot_major', 'jackpot_grand')) as given,
               -sum(e.amount) filter (where a.kind = 'real') as real
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id and t.kind = 'bet'
        group by e.transaction_id
      ) b where coalesce(b.given, 0) * 100 > coalesce(b.real, 0) + 300`),
  );
  return {
    driftingTiers: drifting.map((row) => ({
      currency: row.currency,
      tier: row.tier,
      account: Number(row.account),
      cycle: Number(row.cycle),
    })),
    seedsBooked: Number(seeds?.booked ?? 0),
    seedsOfCycles: Number(seeds?.cycles ?? 0),
    unpaidWins: Number(unpaid?.count ?? 0),
    overContributingBets: Number(over?.count ?? 0),
  };
}
