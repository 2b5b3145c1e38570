import { type Db, schema } from '@chrysos/db';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type HistoryFilter, historyKinds, periodOf } from './history.ts';

/**
 * What a player's history adds up to per currency (UK Gambling Commission RTS 1), summed from the legs
 * the ledger booked on the player's own accounts: the rounds of the filter's period (stakes less
 * refunded stakes, and wins), and over the account's life the deposits credited and the payouts sent
 * from the money held for withdrawals.
 */
export async function historyTotals(db: Db, playerId: string, filter: Omit<HistoryFilter, 'kind'>) {
  const t = schema.ledgerTransactions;
  const e = schema.ledgerEntries;
  const a = schema.ledgerAccounts;
  const period = periodOf(filter);
  const inPeriod = and(
    period.from ? gte(t.createdAt, period.from) : undefined,
    period.until ? lt(t.createdAt, period.until) : undefined,
  );
  const sumOf = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(${e.amount}) filter (where ${condition}), 0)`;
  const spendable = sql`${a.kind} in ('real', 'bonus')`;
  const periodCondition = inPeriod ?? sql`true`;
  const rows = await db
    .select({
      currency: t.currency,
      bets: sumOf(sql`${t.kind} = 'bet' and ${spendable} and ${periodCondition}`),
      refunds: sumOf(sql`${t.kind} = 'rollback' and ${spendable} and ${periodCondition}`),
      wins: sumOf(sql`${t.kind} = 'win' and ${spendable} and ${periodCondition}`),
      deposits: sumOf(sql`${t.kind} = 'deposit' and ${spendable}`),
      payouts: sumOf(sql`${t.kind} = 'payout' and ${a.kind} = 'withdrawal_hold'`),
    })
    .from(t)
    .innerJoin(e, eq(e.transactionId, t.id))
    .innerJoin(a, and(eq(a.id, e.accountId), eq(a.playerId, playerId)))
    .where(
      and(
        eq(t.playerId, playerId),
        inArray(t.kind, [...historyKinds.game, 'deposit', 'payout']),
        filter.currency ? eq(t.currency, filter.currency) : undefined,
      ),
    )
    .groupBy(t.currency)
    .orderBy(t.currency);
  return {
    from: filter.from ?? null,
    to: filter.to ?? null,
    currencies: rows.map((row) => {
      const staked = -(Number(row.bets) + Number(row.refunds));
      const won = Number(row.wins);
      const deposited = Number(row.deposits);
      const withdrawn = -Number(row.payouts);
      return {
        currency: row.currency,
        staked_cents: staked,
        won_cents: won,
        win_loss_cents: won - staked,
        deposited_cents: deposited,
        withdrawn_cents: withdrawn,
        net_deposits_cents: deposited - withdrawn,
      };
    }),
  };
}
