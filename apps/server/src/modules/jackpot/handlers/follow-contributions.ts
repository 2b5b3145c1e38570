import type { JackpotTierId } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { formatMoney } from '@chrysos/rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineHandler, type HandlerContext, perBatch } from '../../../platform/events.ts';
import { currencyFacts } from '../../info/public.ts';
import { queuePlayerPush } from '../../notifications/public.ts';
import { legsOn, listAccountsAfter, type Wallet } from '../../wallet/public.ts';
import { recordWin } from '../../winners/public.ts';
import { openCycle } from '../open-cycle.ts';
import { jackpotWinPush } from '../push-messages.ts';

type Cycle = typeof schema.jackpotCycles.$inferSelect;

interface Contribution {
  transactionId: number;
  kind: string;
  playerId: string;
  key: string;
  gameCode: string | null;
  currency: string;
  tier: JackpotTierId;
  accountId: number;
  seedCents: number;
  mustDropCents: number;
  amount: number;
}

/**
 * Counts the contributions the bets' bookings made (ledger_try_book: legs to the tiers' accounts) into
 * each tier's running cycle, in ledger order, from the wallet's events: the bet whose contribution takes
 * seed + contributions to the cycle's drop point wins the tier. The win is paid as real money (jackpot
 * tier → the winner's real balance, one booking keyed by the cycle), the cycle closes with its winning
 * bet, the next one opens with a new committed seed and is seeded from the pool, and the win is listed
 * and announced on public:wins; all in the handler's transaction, so exactly once under retries and
 * crashes. A rollback's reversed contribution comes off the running cycle. Bets are read once per batch
 * (one query for the batch's jackpot legs). `touched` hears of the tiers whose amount moved.
 */
/** What the module hands its contributions handler besides the app. */
export interface ContributionServices {
  app: FastifyInstance;
  wallet: Wallet;
  /** The currencies with jackpots open. */
  currencies: () => ReadonlySet<string>;
  /** Hears of the tiers whose amount moved, once the change is committed. */
  touched: (currency: string, tier: JackpotTierId) => void;
}

export const followContributions = defineHandler({
  name: 'jackpot.contributions',
  follows: ['wallet.bet_booked', 'wallet.rollback_booked'],
  // Contributions booked before this handler first ran belong to the running cycles too.
  from: 'beginning',
  handle: (deps: ContributionServices) => {
    const { app } = deps;
    const contributed = perBatch<number>('jackpot.contributions', (context, ids) => settle(context, ids));

    async function settle(context: HandlerContext, transactionIds: number[]) {
      const { db } = context;
      const rows = await contributionsOf(db, transactionIds);
      if (rows.length === 0) return;
      const now = app.clock.now();
      const open = new Map<string, Cycle>();
      const pairs = [...new Set(rows.map((row) => `${row.currency}:${row.tier}`))];
      // Locked: the test configuration's forced drop writes the same rows.
      const cycles = await db
        .select()
        .from(schema.jackpotCycles)
        .where(
          and(
            isNull(schema.jackpotCycles.wonAt),
            inArray(sql`${schema.jackpotCycles.currency} || ':' || ${schema.jackpotCycles.tier}`, pairs),
          ),
        )
        .for('update');
      for (const cycle of cycles) open.set(`${cycle.currency}:${cycle.tier}`, cycle);
      await lockWinners(context, rows, open);
      const changed = new Set<Cycle>();
      const moved = new Map<string, [string, JackpotTierId]>();
      for (const row of rows) {
        const cycle = open.get(`${row.currency}:${row.tier}`);
        if (!cycle) continue;
        cycle.contributedCents += row.amount;
        changed.add(cycle);
        moved.set(`${row.currency}:${row.tier}`, [row.currency, row.tier]);
        const amount = cycle.seedCents + cycle.contributedCents;
        if (row.kind !== 'bet' || row.amount <= 0 || amount < cycle.dropCents) continue;
        changed.delete(cycle);
        const next = await payWin(context, cycle, row, amount, now);
        if (next) open.set(`${row.currency}:${row.tier}`, next);
      }
      for (const cycle of changed) {
        await db
          .update(schema.jackpotCycles)
          .set({ contributedCents: cycle.contributedCents })
          .where(eq(schema.jackpotCycles.id, cycle.id));
      }
      context.afterCommit(() => {
        for (const [currency, tier] of moved.values()) deps.touched(currency, tier);
      });
    }

    /**
     * Before the first win of the batch is paid: the ledger locks of the players who may win from there
     * on (a paid drop opens a cycle that a later bet of the batch may win too), all at once in sorted
     * order (issue 31 item 22). Paid one win at a time, the batch took its winners' locks in ledger
     * order, against groups of wallet calls that take them sorted. Nothing is locked without a drop.
     */
    async function lockWinners(context: HandlerContext, rows: Contribution[], open: Map<string, Cycle>) {
      const reached = new Map(
        [...open].map(([key, cycle]) => [key, cycle.seedCents + cycle.contributedCents]),
      );
      const first = rows.findIndex((row) => {
        const key = `${row.currency}:${row.tier}`;
        const cycle = open.get(key);
        if (!cycle) return false;
        const amount = (reached.get(key) ?? 0) + row.amount;
        reached.set(key, amount);
        return row.kind === 'bet' && row.amount > 0 && amount >= cycle.dropCents;
      });
      if (first < 0) return;
      await deps.wallet
        .using(context.db)
        .ledger.lockPlayers(rows.slice(first).filter((row) => row.kind === 'bet' && row.amount > 0));
    }

    async function payWin(
      context: HandlerContext,
      cycle: Cycle,
      bet: Contribution,
      amount: number,
      now: Date,
    ) {
      const { db } = context;
      const ledger = deps.wallet.using(db).ledger;
      const real = await ledger.playerAccount(bet.playerId, bet.currency, 'real');
      const booking = await ledger.book({
        key: `jackpot:win:${cycle.currency}:${cycle.tier}:${cycle.number}`,
        fingerprint: { kind: 'jackpot_win', cycle: cycle.id, bet: bet.transactionId, amount },
        kind: 'jackpot_win',
        playerId: bet.playerId,
        currency: bet.currency,
        amount,
        reference: bet.key,
        gameCode: bet.gameCode,
        legs: [
          { account: bet.accountId, amount: -amount, tracked: false },
          { account: real, amount, tracked: true },
        ],
        result: { jackpot: cycle.tier, cycle: cycle.number },
      });
      if (booking.status === 'conflict') throw new Error(`jackpot win ${cycle.id}: key conflict`);
      await db
        .update(schema.jackpotCycles)
        .set({
          contributedCents: cycle.contributedCents,
          winningTransaction: bet.transactionId,
          winnerId: bet.playerId,
          gameCode: bet.gameCode,
          wonCents: amount,
          payoutTransaction: booking.result.transaction_id,
          wonAt: now,
        })
        .where(eq(schema.jackpotCycles.id, cycle.id));
      const player = await recordWin(db, {
        transactionId: booking.result.transaction_id,
        playerId: bet.playerId,
        currency: bet.currency,
        amountCents: amount,
        gameCode: bet.gameCode,
        jackpot: cycle.tier,
        wonAt: now,
      });
      await app.realtime.publishToAll(
        context,
        'wins',
        {
          game_code: bet.gameCode,
          currency: bet.currency,
          amount_cents: amount,
          player,
          at: now.toISOString(),
          jackpot: cycle.tier,
        },
        `jackpot:${cycle.id}:win`,
      );
      // The winner hears of it on their devices too (a transactional push, so also during a break).
      const money = await currencyFacts(db, bet.currency);
      if (money) {
        await queuePlayerPush(app, db, bet.playerId, (language) =>
          jackpotWinPush(language, cycle.tier, formatMoney(amount, money, { locale: language })),
        );
      }
      // The winner's balance on their open pages, as the booking left it.
      const accounts = await listAccountsAfter(db, bet.playerId, booking.result.transaction_id);
      await app.realtime.publishToPlayer(
        context,
        'balance',
        bet.playerId,
        accounts,
        `jackpot:${cycle.id}:balance`,
      );
      return openCycle(
        db,
        deps.wallet,
        {
          currency: cycle.currency,
          tier: cycle.tier,
          accountId: bet.accountId,
          seedCents: bet.seedCents,
          mustDropCents: bet.mustDropCents,
        },
        cycle.number + 1,
        bet.transactionId,
        now,
      );
    }

    return (event, context) => {
      // Only real money contributes; a currency without a jackpot has no legs to count.
      if (event.payload.real === 0 || !deps.currencies().has(event.payload.currency)) return;
      contributed(context, event.payload.transactionId);
    };
  },
});

/** The jackpot legs of these transactions, in ledger order (the tiers' in display order), with the tiers' terms. */
async function contributionsOf(db: Db, transactionIds: number[]): Promise<Contribution[]> {
  const tiers = await db.select().from(schema.jackpotTiers);
  const tierOf = new Map(tiers.map((tier) => [tier.accountId, tier]));
  const contributions = (await legsOn(db, transactionIds, [...tierOf.keys()])).flatMap((leg) => {
    const tier = tierOf.get(leg.accountId);
    if (!tier || leg.playerId === null) return [];
    return [
      {
        transactionId: leg.transactionId,
        kind: leg.kind,
        playerId: leg.playerId,
        key: leg.key,
        gameCode: leg.gameCode,
        currency: tier.currency,
        tier: tier.tier,
        accountId: leg.accountId,
        seedCents: tier.seedCents,
        mustDropCents: tier.mustDropCents,
        amount: leg.amount,
        position: tier.position,
      },
    ];
  });
  contributions.sort((a, b) => a.transactionId - b.transactionId || a.position - b.position);
  return contributions.map(({ position: _, ...contribution }) => contribution);
}
