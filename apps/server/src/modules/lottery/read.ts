import type { LotteryDraw, LotteryDrawSummary, LotteryWinner, PlayerLottery } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { playerNames } from '../player/public.ts';
import { ownerPseudonym } from './draw-winners.ts';
import { type DrawRow, ensureDraw } from './draws.ts';
import { ticketsFor } from './issue-tickets.ts';
import { maxTicketsPerWeek, ticketEuroCents } from './prizes.ts';
import { weekOf } from './week.ts';

/** A player's name as the public sees it: the first letter and the last of the part before any @. */
export function maskName(name: string): string {
  const base = (name.split('@')[0] ?? '').trim();
  if (base.length <= 2) return `${base.slice(0, 1)}***`;
  return `${base.slice(0, 1)}***${base.slice(-1)}`;
}

async function winnersOf(db: Db, draws: readonly DrawRow[]): Promise<Map<string, LotteryWinner[]>> {
  const drawn = draws.filter((draw) => draw.drawnAt !== null);
  const result = new Map<string, LotteryWinner[]>();
  if (drawn.length === 0) return result;
  const w = schema.lotteryWinners;
  const rows = await db
    .select({
      drawId: w.drawId,
      place: w.place,
      ticket: w.ticketNumber,
      playerId: w.playerId,
      kind: w.kind,
      currency: w.currency,
      amount: w.amount,
    })
    .from(w)
    .where(
      inArray(
        w.drawId,
        drawn.map((draw) => draw.id),
      ),
    )
    .orderBy(asc(w.place));
  const seeds = new Map(drawn.map((draw) => [draw.id, draw.seed]));
  const names = await playerNames(
    db,
    rows.map((row) => row.playerId),
  );
  for (const row of rows) {
    const name = names.get(row.playerId) ?? { firstName: null, email: '' };
    const list = result.get(row.drawId) ?? [];
    list.push({
      place: row.place,
      ticket: row.ticket,
      owner: ownerPseudonym(seeds.get(row.drawId) ?? '', row.drawId, row.playerId),
      name: maskName(name.firstName ?? name.email),
      kind: row.kind,
      currency: row.currency,
      amount: row.amount,
    });
    result.set(row.drawId, list);
  }
  return result;
}

async function ticketCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const t = schema.lotteryTickets;
  const rows = await db
    .select({ drawId: t.drawId, count: sql<number>`count(*)::int` })
    .from(t)
    .where(inArray(t.drawId, [...ids]))
    .groupBy(t.drawId);
  return new Map(rows.map((row) => [row.drawId, row.count]));
}

function summary(draw: DrawRow, tickets: number, winners: LotteryWinner[]): LotteryDrawSummary {
  return {
    id: draw.id,
    opens_at: draw.opensAt.toISOString(),
    draw_at: draw.drawAt.toISOString(),
    seed_hash: draw.seedHash,
    // The seed stays secret until the draw: before it, anyone knowing it could tell the winners.
    seed: draw.drawnAt ? draw.seed : null,
    drawn_at: draw.drawnAt?.toISOString() ?? null,
    tickets,
    winners,
  };
}

/** GET /lottery: the week on sale now and the last drawn weeks, newest first. */
export async function lotteryOverview(db: Db, now: Date, pastCount = 8) {
  const current = await ensureDraw(db, weekOf(now));
  const d = schema.lotteryDraws;
  const past = await db.select().from(d).where(isNotNull(d.drawnAt)).orderBy(desc(d.drawAt)).limit(pastCount);
  const all = [current, ...past];
  const [counts, winners] = await Promise.all([
    ticketCounts(
      db,
      all.map((draw) => draw.id),
    ),
    winnersOf(db, past),
  ]);
  return {
    current: summary(current, counts.get(current.id) ?? 0, []),
    past: past.map((draw) => summary(draw, counts.get(draw.id) ?? 0, winners.get(draw.id) ?? [])),
  };
}

/** GET /lottery/draws/:id: the public list of a draw's tickets and, once drawn, its seed and result. */
export async function publicDraw(db: Db, id: string): Promise<LotteryDraw | null> {
  const [draw] = await db.select().from(schema.lotteryDraws).where(eq(schema.lotteryDraws.id, id));
  if (!draw) return null;
  const t = schema.lotteryTickets;
  const tickets = await db
    .select({ number: t.number, playerId: t.playerId })
    .from(t)
    .where(eq(t.drawId, id))
    .orderBy(asc(t.number));
  const winners = await winnersOf(db, [draw]);
  return {
    ...summary(draw, tickets.length, winners.get(id) ?? []),
    ticket_list: tickets.map((ticket) => ({
      number: ticket.number,
      owner: ownerPseudonym(draw.seed, id, ticket.playerId),
    })),
  };
}

/** GET /player/lottery: this week's tickets and what the player deposited towards them, then past draws. */
export async function playerLottery(db: Db, playerId: string, now: Date): Promise<PlayerLottery> {
  const current = await ensureDraw(db, weekOf(now));
  const t = schema.lotteryTickets;
  const dep = schema.lotteryDeposits;
  const [numbers, [deposited]] = await Promise.all([
    db
      .select({ number: t.number })
      .from(t)
      .where(and(eq(t.drawId, current.id), eq(t.playerId, playerId)))
      .orderBy(asc(t.number)),
    db
      .select({ euroCents: sql<number>`coalesce(sum(${dep.euroCents}), 0)::bigint` })
      .from(dep)
      .where(and(eq(dep.drawId, current.id), eq(dep.playerId, playerId))),
  ]);
  const euroCents = Number(deposited?.euroCents ?? 0);
  const held = ticketsFor(euroCents);
  const nextTicket = held >= maxTicketsPerWeek ? 0 : (held + 1) * ticketEuroCents - euroCents;

  const d = schema.lotteryDraws;
  const history = await db
    .select({ draw: d, tickets: sql<number>`count(*)::int` })
    .from(t)
    .innerJoin(d, eq(d.id, t.drawId))
    .where(and(eq(t.playerId, playerId), sql`${d.id} <> ${current.id}`))
    .groupBy(d.id)
    .orderBy(desc(d.drawAt))
    .limit(20);
  const winners = await winnersOf(
    db,
    history.map((row) => row.draw),
  );
  return {
    current: {
      draw_id: current.id,
      draw_at: current.drawAt.toISOString(),
      tickets: numbers.map((row) => row.number),
      deposited_euro_cents: euroCents,
      next_ticket_euro_cents: nextTicket,
    },
    history: history.map(({ draw, tickets }) => {
      const mine = (winners.get(draw.id) ?? []).find(
        (winner) => winner.owner === ownerPseudonym(draw.seed, draw.id, playerId),
      );
      return {
        draw_id: draw.id,
        draw_at: draw.drawAt.toISOString(),
        drawn_at: draw.drawnAt?.toISOString() ?? null,
        tickets,
        prize: mine ?? null,
      };
    }),
  };
}
