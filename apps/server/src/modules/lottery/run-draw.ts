import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import {
  bonusContributions,
  ensurePrizeCampaigns,
  grantPrizeCampaign,
  type PrizeCampaignSeed,
} from '../bonuses/public.ts';
import { currenciesFacts, equivalents } from '../info/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { drawWinners, ownerPseudonym } from './draw-winners.ts';
import { ensureDraw } from './draws.ts';
import { freespinsPrize, prizeOf } from './prizes.ts';
import { nextWeek, weekOf } from './week.ts';

export interface DrawDeps {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
}

/** The 4th–10th prizes: 50 free spins on Golden Drachma (€0.20 each or the equivalent), under the bonus terms. */
export function lotteryFreespins(
  currencies: readonly { code: string; subunits: number }[],
): PrizeCampaignSeed {
  return {
    id: 'lottery-freespins',
    kind: 'freespins',
    title: { en: 'Weekly lottery: 50 free spins', el: 'Εβδομαδιαία λαχειοφόρος: 50 δωρεάν περιστροφές' },
    terms: {
      eligibility: { timeZone: 'Europe/Athens' },
      freespins: {
        game: 'chrysos-originals:golden-drachma',
        count: freespinsPrize,
        batches: 1,
        everyHours: 24,
        value: equivalents(20, currencies),
        playDays: 7,
        wagering: { multiplier: 30, days: 7 },
      },
      contributions: bonusContributions,
      limits: { perPlayer: 1, per: 'ever' },
      claimDays: 7,
      termsUrl: '/lottery',
    },
  };
}

/**
 * The `lottery.draw` job: draws every week whose draw time has come (by the product clock) and that is
 * not drawn yet, oldest first, so a Sunday missed while the platform was down is drawn when it is back.
 * Each week is drawn in one transaction that holds its row (SKIP LOCKED: a second run at the same time
 * passes it over, and a run after it finds it drawn): the winners, their cash bookings (keyed by week
 * and place), their free spins (granted once per week and place) and the `drawn_at` are stored together
 * or not at all. It also creates the current week, so its seed's hash is out before tickets are sold.
 */
export async function runDueDraws(db: Db, deps: DrawDeps, now: Date): Promise<string[]> {
  const current = weekOf(now);
  await ensureDraw(db, current);
  await ensureDraw(db, nextWeek(current));
  const d = schema.lotteryDraws;
  const due = await db
    .select({ id: d.id })
    .from(d)
    .where(and(lte(d.drawAt, now), isNull(d.drawnAt)))
    .orderBy(asc(d.drawAt));
  const drawn: string[] = [];
  for (const { id } of due) {
    if (await drawWeek(db, deps, id, now)) drawn.push(id);
  }
  return drawn;
}

async function drawWeek(db: Db, deps: DrawDeps, drawId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const d = schema.lotteryDraws;
    const [draw] = await tx
      .select()
      .from(d)
      .where(and(eq(d.id, drawId), isNull(d.drawnAt)))
      .for('update', { skipLocked: true });
    if (!draw) return false;
    const t = schema.lotteryTickets;
    const tickets = await tx
      .select({ number: t.number, playerId: t.playerId, currency: t.currency })
      .from(t)
      .where(eq(t.drawId, drawId))
      .orderBy(asc(t.number));
    const byNumber = new Map(tickets.map((ticket) => [ticket.number, ticket]));
    const winners = drawWinners(
      draw.seed,
      tickets.map((ticket) => ({
        number: ticket.number,
        owner: ownerPseudonym(draw.seed, drawId, ticket.playerId),
      })),
    );
    const currencies = await currenciesFacts(tx);
    await ensurePrizeCampaigns(tx, [lotteryFreespins(currencies.filter((c) => c.fiat))]);
    const subunits = new Map(currencies.map((c) => [c.code, c.subunits]));
    const wallet = deps.wallet.using(tx);
    // The winners' ledger locks before any prize is booked, all at once in sorted order (issue 31 item
    // 22): booked place by place, the draw took them in the order of the places, against groups of
    // wallet calls that take them sorted.
    await wallet.ledger.lockPlayers(winners.flatMap((winner) => byNumber.get(winner.ticket) ?? []));
    for (const winner of winners) {
      const ticket = byNumber.get(winner.ticket);
      if (!ticket) throw new Error(`lottery ${drawId}: ticket ${winner.ticket} missing`);
      const prize = prizeOf(winner.place);
      const key = `lottery:${drawId}:${winner.place}`;
      let amount: number = prize.spins ?? 0;
      if (prize.kind === 'cash' && prize.euro_cents !== null) {
        amount =
          equivalents(prize.euro_cents, [
            { code: ticket.currency, subunits: subunits.get(ticket.currency) ?? 100 },
          ])[ticket.currency] ?? 0;
        if (amount <= 0) throw new Error(`lottery ${drawId}: no euro equivalent in ${ticket.currency}`);
        await payCashPrize(wallet, {
          key,
          playerId: ticket.playerId,
          currency: ticket.currency,
          amount,
          drawId,
        });
      } else {
        await grantPrizeCampaign(
          tx,
          { wallet, events: deps.events },
          {
            playerId: ticket.playerId,
            currency: ticket.currency,
            campaignId: 'lottery-freespins',
            source: key,
            now,
          },
        );
      }
      await tx.insert(schema.lotteryWinners).values({
        drawId,
        place: winner.place,
        ticketNumber: winner.ticket,
        playerId: ticket.playerId,
        kind: prize.kind,
        currency: ticket.currency,
        amount,
      });
      await deps.events.publish(tx, 'lottery.prize_won', {
        drawId,
        playerId: ticket.playerId,
        place: winner.place,
      });
    }
    await tx.update(d).set({ drawnAt: now }).where(eq(d.id, drawId));
    await deps.events.publish(tx, 'lottery.drawn', { drawId, winners: winners.length });
    return true;
  });
}

/**
 * A cash prize: real money with no wagering, from the lottery's prize pool, booked once under `key`
 * (a replay with the same key books nothing again).
 */
async function payCashPrize(
  wallet: Wallet,
  prize: { key: string; playerId: string; currency: string; amount: number; drawId: string },
): Promise<void> {
  const { ledger } = wallet;
  const [real, pool] = await Promise.all([
    ledger.playerAccount(prize.playerId, prize.currency, 'real'),
    ledger.systemAccount('lottery_pool', prize.currency),
  ]);
  const booking = await ledger.book({
    key: prize.key,
    kind: 'lottery_prize',
    playerId: prize.playerId,
    currency: prize.currency,
    amount: prize.amount,
    reference: prize.drawId,
    fingerprint: {
      kind: 'lottery_prize',
      player: prize.playerId,
      currency: prize.currency,
      amount: prize.amount,
      reference: prize.drawId,
    },
    legs: [
      { account: real, amount: prize.amount, tracked: true },
      { account: pool, amount: -prize.amount, tracked: false },
    ],
  });
  if (booking.status === 'conflict')
    throw new Error(`lottery prize ${prize.key} conflicts with another booking`);
}
