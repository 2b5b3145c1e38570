import type { CompPoints, LoyaltyLevel } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { euroEquivalentIn } from '../info/public.ts';
import { activeCurrency } from '../wallet/public.ts';
import { levelWindowStart } from './entries.ts';
import { type Level, levelOf, micro, minimumExchange, nextLevel, shownPoints } from './levels.ts';

/** The euro amount whose equivalent gives a currency's rate (as accrual reads it). */
const rateEuroCents = 100_000;

const presentLevel = (level: Level): LoyaltyLevel => ({
  id: level.id,
  name: level.name,
  points: level.points,
  points_per_euro: level.pointsPerEuro,
});

/** Minor units of `currency` worth €1,000 (its euro equivalent), or null for one without a rate. */
export async function minorPerRateEuros(db: Db, currency: string): Promise<number | null> {
  return (await euroEquivalentIn(db, rateEuroCents, currency)) ?? null;
}

/** What `points` whole points pay at `level` in a currency with that rate, minor units (rounded down). */
export function exchangeValue(points: number, level: Level, minorPerRate: number): number {
  return Number(
    (BigInt(points) * 100n * BigInt(minorPerRate)) / (BigInt(level.pointsPerEuro) * BigInt(rateEuroCents)),
  );
}

/** GET /player/comp_points: the points, the level held, how far the next one is, the exchange. */
export async function readCompPoints(db: Db, playerId: string, now: Date): Promise<CompPoints> {
  const { rows } = (await db.execute(sql`
    select coalesce((select micro_points from comp_point_balances where player_id = ${playerId}), 0) as micro_points,
      coalesce((select level from comp_point_balances where player_id = ${playerId}), 'bronze') as level,
      (select coalesce(sum(micro_points), 0) from comp_point_days where player_id = ${playerId}
        and day > ${levelWindowStart(now)}) as collected`)) as unknown as {
    rows: { micro_points: string | number; level: string; collected: string | number }[];
  };
  const row = rows[0];
  const microPoints = Number(row?.micro_points ?? 0);
  const collected = shownPoints(Number(row?.collected ?? 0));
  const level = levelOf(row?.level ?? 'bronze');
  const next = nextLevel(level);
  const currency = await activeCurrency(db, playerId);
  const rate = await minorPerRateEuros(db, currency);
  const whole = Math.max(0, Math.floor(microPoints / micro));
  const span = next ? next.points - level.points : 0;
  return {
    points: shownPoints(microPoints),
    collected,
    level: presentLevel(level),
    next_level: next ? presentLevel(next) : null,
    to_next_level: next ? Math.max(0, Math.round((next.points - collected) * 100) / 100) : null,
    progress_percent: next
      ? Math.min(100, Math.max(0, Math.floor(((collected - level.points) / span) * 100)))
      : 100,
    exchange: {
      points_per_euro: level.pointsPerEuro,
      minimum_points: minimumExchange,
      currency,
      value_cents: rate === null ? 0 : exchangeValue(whole, level, rate),
    },
  };
}
