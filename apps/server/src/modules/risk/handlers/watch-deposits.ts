import type { RiskCaseKind } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, gte } from 'drizzle-orm';
import { defineHandler } from '../../../platform/events.ts';
import { euroCentsOf } from '../euro-cents.ts';
import { raiseCase } from '../raise-case.ts';
import { depositSpike, paymentMethods, velocity } from '../watch-rules.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

interface Deposit {
  paymentId: string;
  euroCents: number | null;
  method: string;
  depositedAt: Date;
}

/** The player's deposits of the last `days`, newest first. */
async function depositsSince(db: Db, playerId: string, since: Date): Promise<Deposit[]> {
  const d = schema.riskDeposits;
  return db
    .select({ paymentId: d.paymentId, euroCents: d.euroCents, method: d.method, depositedAt: d.depositedAt })
    .from(d)
    .where(and(eq(d.playerId, playerId), gte(d.depositedAt, since)))
    .orderBy(desc(d.depositedAt));
}

const sumEuroCents = (deposits: Deposit[]) => deposits.reduce((sum, d) => sum + (d.euroCents ?? 0), 0);

/**
 * The AML and safer-gambling markers a deposit can set off (issue 38): the due-diligence amount
 * within its window (each multiple of it reached), deposit velocity, many payment methods, and a
 * deposit far above the player's usual. Each compares the figures before this deposit with those
 * after it, so a marker raises its case once when it is crossed, not again on every later deposit.
 */
export const watchDeposits = defineHandler({
  name: 'risk.deposits',
  follows: ['cashier.deposit_succeeded'],
  handle: (app) => {
    const aml = { cents: app.config.AML_DUE_DILIGENCE_EURO_CENTS, days: app.config.AML_DUE_DILIGENCE_DAYS };
    return async (event, context) => {
      const { paymentId, playerId, currency, amount, method } = event.payload;
      const now = app.clock.now();
      const deposit: Deposit = {
        paymentId,
        euroCents: await euroCentsOf(context.db, currency, amount),
        method,
        depositedAt: now,
      };
      await context.db
        .insert(schema.riskDeposits)
        .values({ ...deposit, playerId })
        .onConflictDoNothing();
      const longest = Math.max(aml.days, depositSpike.days, paymentMethods.days);
      const earlier = (
        await depositsSince(context.db, playerId, new Date(now.getTime() - longest * dayMs))
      ).filter((d) => d.paymentId !== paymentId);
      const within = (ms: number) => earlier.filter((d) => d.depositedAt.getTime() >= now.getTime() - ms);
      const raise = (kind: RiskCaseKind, facts: Record<string, number | string | string[]>) =>
        raiseCase(context.db, { playerId, kind, facts }, now);

      const window = within(aml.days * dayMs);
      const before = sumEuroCents(window);
      const after = before + (deposit.euroCents ?? 0);
      const threshold = aml.cents;
      if (Math.floor(after / threshold) > Math.floor(before / threshold)) {
        await raise('cumulative_deposits', {
          total_euro_cents: after,
          threshold_euro_cents: threshold,
          days: aml.days,
          deposits: window.length + 1,
        });
      }

      const recent = within(velocity.hours * hourMs).length + 1;
      if (recent === velocity.deposits) {
        await raise('deposit_velocity', { deposits: recent, hours: velocity.hours });
      }

      const methodsBefore = new Set(within(paymentMethods.days * dayMs).map((d) => d.method));
      if (!methodsBefore.has(method) && methodsBefore.size + 1 === paymentMethods.methods) {
        await raise('payment_methods', {
          methods: [...methodsBefore, method].sort(),
          days: paymentMethods.days,
        });
      }

      const history = within(depositSpike.days * dayMs).filter((d) => d.euroCents !== null);
      if (deposit.euroCents !== null && history.length >= depositSpike.history) {
        const average = Math.round(sumEuroCents(history) / history.length);
        if (
          deposit.euroCents >= depositSpike.minimumEuroCents &&
          deposit.euroCents >= depositSpike.times * average
        ) {
          await raise('deposit_spike', {
            deposit_euro_cents: deposit.euroCents,
            average_euro_cents: average,
            deposits: history.length,
            days: depositSpike.days,
          });
        }
      }
    };
  },
});
