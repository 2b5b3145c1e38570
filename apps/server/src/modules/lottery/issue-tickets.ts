import { type Db, schema } from '@chrysos/db';
import { and, eq, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import { exclusionInForce } from '../compliance/public.ts';
import { euroEquivalentIn } from '../info/public.ts';
import { ensureDraw, lockDraw } from './draws.ts';
import { maxTicketsPerWeek, ticketEuroCents } from './prizes.ts';
import { nextWeek, weekOf } from './week.ts';

/**
 * A deposit in euro cents: its amount over what €20 is in its currency (the bonus engine's euro
 * equivalents, the ones the promotions state), so €20 or its equivalent is 2,000. A currency without
 * an equivalent (none of the offered fiat ones) counts nothing.
 */
export async function euroCentsOf(db: Db, currency: string, amount: number): Promise<number> {
  const step = await euroEquivalentIn(db, ticketEuroCents, currency);
  if (!step) return 0;
  // Rounded to the cent, so $21 and $1 make $22: €20.
  return Math.round((amount * ticketEuroCents) / step);
}

/** How many tickets a week's deposits of `euroCents` earn: one per €20, at most 50. */
export const ticketsFor = (euroCents: number): number =>
  Math.min(maxTicketsPerWeek, Math.floor(euroCents / ticketEuroCents));

/**
 * Tickets for a confirmed deposit (the `cashier.deposit_succeeded` handler), once per payment: the
 * week's deposits of the player add up, so two deposits of €20 make two tickets, and the tickets a
 * deposit brings are those the new sum earns beyond the old one, up to 50 a week. `at` is when the
 * deposit was confirmed, on the product clock; a deposit whose week was drawn before its event was
 * handled counts for the next draw. Numbers follow on within the draw, under the draw row's lock.
 */
export async function issueTickets(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  deposit: { paymentId: string; playerId: string; currency: string; amount: number },
  at: Date,
): Promise<{ drawId: string; numbers: number[] } | null> {
  // A deposit started before a break or self-exclusion and paid during it earns no tickets (issue 31 item 2).
  if (await exclusionInForce(tx, deposit.playerId, at)) return null;
  let week = weekOf(at);
  let draw = await ensureDraw(tx, week);
  let locked = await lockDraw(tx, draw.id);
  while (locked?.drawnAt) {
    week = nextWeek(week);
    draw = await ensureDraw(tx, week);
    locked = await lockDraw(tx, draw.id);
  }
  const euroCents = await euroCentsOf(tx, deposit.currency, deposit.amount);
  const d = schema.lotteryDeposits;
  const [before] = await tx
    .select({ euroCents: sql<number>`coalesce(sum(${d.euroCents}), 0)::bigint` })
    .from(d)
    .where(and(eq(d.playerId, deposit.playerId), eq(d.drawId, draw.id)));
  const previous = Number(before?.euroCents ?? 0);
  const count = ticketsFor(previous + euroCents) - ticketsFor(previous);
  const inserted = await tx
    .insert(d)
    .values({
      paymentId: deposit.paymentId,
      drawId: draw.id,
      playerId: deposit.playerId,
      currency: deposit.currency,
      amount: deposit.amount,
      euroCents,
      tickets: count,
    })
    .onConflictDoNothing()
    .returning({ paymentId: d.paymentId });
  if (inserted.length === 0 || count === 0) return null;
  const t = schema.lotteryTickets;
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${t.number}), 0)::int` })
    .from(t)
    .where(eq(t.drawId, draw.id));
  const first = (last?.number ?? 0) + 1;
  const numbers = Array.from({ length: count }, (_, i) => first + i);
  await tx.insert(t).values(
    numbers.map((number) => ({
      drawId: draw.id,
      number,
      playerId: deposit.playerId,
      paymentId: deposit.paymentId,
      currency: deposit.currency,
    })),
  );
  await events.publish(tx, 'lottery.tickets_issued', {
    drawId: draw.id,
    playerId: deposit.playerId,
    numbers,
  });
  return { drawId: draw.id, numbers };
}
