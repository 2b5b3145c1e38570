import type { Db } from '@chrysos/db';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A movement of a player's points that is stored as an entry, in millionths of a point (negative: spent):
 * an award or an exchange, each once per key.
 */
export interface CompPointEntry {
  playerId: string;
  /** Unique across all entries: the movement counts once however often it is offered. */
  key: string;
  kind: 'award' | 'exchange';
  microPoints: number;
  reason: string | null;
  at: Date;
}

/**
 * Points from play (a real-money stake, or its rollback: negative), in millionths of a point: added to
 * the day's sum and the balance but not stored one by one, since the ledger already holds every bet. The
 * comp handler books them in the transaction that moves its position past their bets, which counts each
 * bet once (loyalty.comp-points).
 */
export interface PlayPoints {
  playerId: string;
  kind: 'play';
  microPoints: number;
  at: Date;
}

export type CompPointMovement = CompPointEntry | PlayPoints;

/** The last day before the 12 months whose collected points hold a level at `now`: later days count. */
export const levelWindowStart = (now: Date): SQL =>
  sql`((${now.toISOString()}::timestamptz at time zone 'UTC') - interval '12 months')::date`;

/** Where a player stands after their points moved: the points to spend, the level held, the points collected. */
export interface BookedStanding {
  playerId: string;
  microPoints: number;
  level: string;
  /** Millionths of a point collected over the 12 months before the booking's `now` (this booking included). */
  collectedMicroPoints: number;
}

/**
 * Books movements in one statement: each entry with a new key is stored, and it and the points from
 * play are added to their player's points collected that day (play and awards; an exchange spends points
 * but does not un-collect them) and to the balance; an entry whose key is already stored changes nothing.
 * Answers where each player whose points moved now stands, read in the same statement (their balance row
 * stays locked to the end of the caller's transaction): the collected points are the days of the 12
 * months before `now` as stored before, with the days this statement wrote taken at their new totals (a
 * statement does not see its own writes).
 * Rows are written in key and player order, the order `standings` locks balances in, so two transactions
 * that move the points of the same players never each hold a row the other waits for (a deadlock seen
 * in the comp bank test when a handler's batch wrote its players in hash order).
 */
export async function bookEntries(
  tx: Db,
  movements: readonly CompPointMovement[],
  now: Date,
): Promise<BookedStanding[]> {
  if (movements.length === 0) return [];
  const input = JSON.stringify(
    movements.map((movement) => ({
      player_id: movement.playerId,
      key: movement.kind === 'play' ? null : movement.key,
      kind: movement.kind,
      micro_points: movement.microPoints,
      reason: movement.kind === 'play' ? null : movement.reason,
      created_at: movement.at.toISOString(),
    })),
  );
  const { rows } = (await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as x(player_id uuid, key text, kind text, micro_points bigint, reason text, created_at timestamptz)
    ), entry as (
      insert into comp_point_entries (player_id, key, kind, micro_points, reason, created_at)
      select player_id, key, kind, micro_points, reason, created_at from input where key is not null
      order by key
      on conflict (key) do nothing
      returning player_id, kind, micro_points, created_at
    ), moved as (
      select player_id, kind, micro_points, created_at from input where key is null
      union all
      select player_id, kind, micro_points, created_at from entry
    ), collected as (
      insert into comp_point_days (player_id, day, micro_points)
      select player_id, (created_at at time zone 'UTC')::date, sum(micro_points) from moved
      where kind <> 'exchange' group by 1, 2 order by 1, 2
      on conflict (player_id, day) do update set micro_points = comp_point_days.micro_points + excluded.micro_points
      returning player_id, day, micro_points
    ), balance as (
      insert into comp_point_balances (player_id, micro_points, updated_at)
      select player_id, sum(micro_points), max(created_at) from moved group by 1 order by 1
      on conflict (player_id) do update set micro_points = comp_point_balances.micro_points + excluded.micro_points,
        updated_at = greatest(comp_point_balances.updated_at, excluded.updated_at)
      returning player_id, micro_points, level
    ), since as (
      select ${levelWindowStart(now)} as day
    )
    select b.player_id, b.micro_points, b.level,
      (select coalesce(sum(d.micro_points), 0) from comp_point_days d, since
        where d.player_id = b.player_id and d.day > since.day
          and not exists (select 1 from collected c where c.player_id = d.player_id and c.day = d.day))
      + (select coalesce(sum(c.micro_points), 0) from collected c, since
          where c.player_id = b.player_id and c.day > since.day) as collected
    from balance b
    order by b.player_id`)) as unknown as {
    rows: { player_id: string; micro_points: string | number; level: string; collected: string | number }[];
  };
  return rows.map((row) => ({
    playerId: row.player_id,
    microPoints: Number(row.micro_points),
    level: row.level,
    collectedMicroPoints: Number(row.collected),
  }));
}
