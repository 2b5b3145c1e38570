import { type Db, schema } from '@chrysos/db';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { betsGivingMore, entrySumOfKind, entrySums, payoutsNotBooked } from '../wallet/public.ts';

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

/**
 * The jackpot's money checked against the ledger: each tier's account holds exactly its running
 * cycle's seed and contributions (everything before was paid out), every seed came from the pool once
 * per cycle, every win was paid once in full, and no bet gave more than 1 % of its real stake.
 */
export async function auditJackpots(db: Db): Promise<JackpotAudit> {
  const t = schema.jackpotTiers;
  const c = schema.jackpotCycles;
  const running = await db
    .select({
      currency: t.currency,
      tier: t.tier,
      accountId: t.accountId,
      cycle: sql<string>`${c.seedCents} + ${c.contributedCents}`.mapWith(Number),
    })
    .from(t)
    .innerJoin(c, and(eq(c.currency, t.currency), eq(c.tier, t.tier), isNull(c.wonAt)));
  const held = await entrySums(
    db,
    running.map((tier) => tier.accountId),
  );
  const drifting = running.flatMap(({ currency, tier, accountId, cycle }) => {
    const account = held.get(accountId) ?? 0;
    return account === cycle ? [] : [{ currency, tier, account, cycle }];
  });
  const [seeds] = await db
    .select({ total: sql<string>`coalesce(sum(${c.seedCents}), 0)`.mapWith(Number) })
    .from(c);
  const won = await db
    .select({ transactionId: c.payoutTransaction, playerId: c.winnerId, amount: c.wonCents })
    .from(c)
    .where(isNotNull(c.wonAt));
  return {
    driftingTiers: drifting,
    seedsBooked: -(await entrySumOfKind(db, 'jackpot_seed')),
    seedsOfCycles: seeds?.total ?? 0,
    unpaidWins: await payoutsNotBooked(
      db,
      won.map((cycle) => ({ ...cycle, amount: cycle.amount ?? 0 })),
    ),
    overContributingBets: await betsGivingMore(db, {
      kinds: ['jackpot_mini', 'jackpot_major', 'jackpot_grand'],
      percent: 1,
      slackCents: 3,
    }),
  };
}
