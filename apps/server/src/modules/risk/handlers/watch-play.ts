import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { defineHandler, perBatch } from '../../../platform/events.ts';
import { localClock } from '../local-time.ts';
import { raiseCase } from '../raise-case.ts';
import { longSession, nightPlay } from '../watch-rules.ts';

const minuteMs = 60 * 1000;
const dayMs = 24 * 60 * minuteMs;

interface Bet {
  playerId: string;
  at: Date;
}

/** One player's bets of a batch, oldest first, folded into what the watch keeps. */
function foldBets(bets: Date[], breakMs: number) {
  let runStart = bets[0] as Date;
  let broke = false;
  for (let i = 1; i < bets.length; i++) {
    const bet = bets[i] as Date;
    if (bet.getTime() - (bets[i - 1] as Date).getTime() >= breakMs) {
      runStart = bet;
      broke = true;
    }
  }
  return { first: bets[0] as Date, runStart, broke, last: bets[bets.length - 1] as Date };
}

/**
 * Safer-gambling markers in the player's play (issue 38): a run of bets with no break of half an hour
 * for three hours, and play in the small hours on three nights of a week. Bets are many, so each
 * batch's bets are folded per player and written once (the player's run and recent nights); a case
 * is raised when a marker is crossed, once per run and once per new night.
 */
export const watchPlay = defineHandler({
  name: 'risk.play',
  follows: ['wallet.bet_booked'],
  handle: (app) => {
    const clockIn = localClock(app.config.RISK_TIME_ZONE);
    const breakMs = longSession.breakMinutes * minuteMs;
    const longMs = longSession.hours * 60 * minuteMs;

    const follow = async (db: Db, playerId: string, bets: Date[]) => {
      const p = schema.riskPlay;
      const [kept] = await db.select().from(p).where(eq(p.playerId, playerId));
      const batch = foldBets(bets, breakMs);
      const continues = kept && !batch.broke && batch.first.getTime() - kept.lastBetAt.getTime() < breakMs;
      const runStartedAt = continues ? kept.runStartedAt : batch.runStart;
      const lastBetAt = kept && kept.lastBetAt > batch.last ? kept.lastBetAt : batch.last;

      const oldest = clockIn(new Date(lastBetAt.getTime() - (nightPlay.days - 1) * dayMs)).date;
      const nightsBefore = (kept?.nights ?? []).filter((night) => night >= oldest);
      const nights = new Set(nightsBefore);
      for (const bet of bets) {
        const local = clockIn(bet);
        if (local.hour >= nightPlay.fromHour && local.hour < nightPlay.toHour && local.date >= oldest) {
          nights.add(local.date);
        }
      }
      const row = { runStartedAt, lastBetAt, nights: [...nights].sort() };
      await db
        .insert(p)
        .values({ playerId, ...row })
        .onConflictDoUpdate({ target: p.playerId, set: row });

      const ranBefore = continues ? kept.lastBetAt.getTime() - kept.runStartedAt.getTime() : 0;
      const runs = lastBetAt.getTime() - runStartedAt.getTime();
      const now = app.clock.now();
      if (ranBefore < longMs && runs >= longMs) {
        await raiseCase(
          db,
          {
            playerId,
            kind: 'long_session',
            facts: { started_at: runStartedAt.toISOString(), minutes: Math.floor(runs / minuteMs) },
          },
          now,
        );
      }
      if (nights.size > nightsBefore.length && nights.size >= nightPlay.nights) {
        await raiseCase(
          db,
          { playerId, kind: 'night_play', facts: { nights: row.nights, days: nightPlay.days } },
          now,
        );
      }
    };

    const gather = perBatch<Bet>('risk.play', async (context, bets) => {
      const byPlayer = new Map<string, Date[]>();
      for (const bet of bets) {
        const mine = byPlayer.get(bet.playerId) ?? [];
        mine.push(bet.at);
        byPlayer.set(bet.playerId, mine);
      }
      for (const [playerId, mine] of byPlayer) await follow(context.db, playerId, mine);
    });
    // The product's time of the bet (the ledger stamps its rows with the database's).
    return (event, context) =>
      gather(context, { playerId: event.payload.playerId, at: app.clock.fromSystem(event.occurredAt) });
  },
});
