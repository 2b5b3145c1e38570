import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import type { EventStream } from '../../platform/events.ts';

/** One movement of a player's comp points, in millionths of a point (negative: taken back or spent). */
export interface CompPointEntry {
  playerId: string;
  /** Unique across all entries: the movement counts once however often it is offered. */
  key: string;
  kind: 'play' | 'award' | 'exchange';
  microPoints: number;
  reason: string | null;
  at: Date;
}

/**
 * Books entries in one statement: each new key is stored, added to its player's points collected that
 * day (play and awards; an exchange spends points but does not un-collect them) and to the balance; a
 * key already stored changes nothing. Answers the players whose points moved.
 */
export async function bookEntries(tx: Db, entries: readonly CompPointEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const input = JSON.stringify(
    entries.map((entry) => ({
      player_id: entry.playerId,
      key: entry.key,
      kind: entry.kind,
      micro_points: entry.microPoints,
      reason: entry.reason,
      created_at: entry.at.toISOString(),
    })),
  );
  const { rows } = (await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as x(player_id uuid, key text, kind text, micro_points bigint, reason text, created_at timestamptz)
    ), entry as (
      insert into comp_point_entries (player_id, key, kind, micro_points, reason, created_at)
      select player_id, key, kind, micro_points, reason, created_at from input
      on conflict (key) do nothing
      returning player_id, kind, micro_points, created_at
    ), collected as (
      insert into comp_point_days (player_id, day, micro_points)
      select player_id, (created_at at time zone 'UTC')::date, sum(micro_points) from entry
      where kind <> 'exchange' group by 1, 2
      on conflict (player_id, day) do update set micro_points = comp_point_days.micro_points + excluded.micro_points
    ), balance as (
      insert into comp_point_balances (player_id, micro_points, updated_at)
      select player_id, sum(micro_points), max(created_at) from entry group by 1
      on conflict (player_id) do update set micro_points = comp_point_balances.micro_points + excluded.micro_points,
        updated_at = greatest(comp_point_balances.updated_at, excluded.updated_at)
      returning player_id
    )
    select player_id from balance`)) as unknown as { rows: { player_id: string }[] };
  return rows.map((row) => row.player_id);
}

/**
 * The entries read as the outbox of `loyalty.points_changed` (like the ledger is the wallet's): an award
 * or an exchange announces itself by being stored, with nothing else written. Play is passed over here;
 * the accrual handler settles and pushes it in its own batch.
 */
export const compPointStream: EventStream = {
  name: 'comp_points',
  produces: ['loyalty.points_changed'],
  head: sql`select coalesce(max(id), 0) as head from comp_point_entries`,
  read: (after, limit) => sql`
    select id, player_id, kind, created_at from comp_point_entries
    where id > ${after} order by id limit ${limit}`,
  toEvent(row) {
    if (row.kind !== 'award' && row.kind !== 'exchange') return null;
    return {
      name: 'loyalty.points_changed',
      payload: { playerId: String(row.player_id), reason: row.kind },
      occurredAt: new Date(row.created_at as string),
    };
  },
};
