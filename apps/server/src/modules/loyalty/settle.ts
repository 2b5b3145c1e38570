import type { PushMessage } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EventBus, HandlerContext } from '../../platform/events.ts';
import { queuePlayerPush } from '../notifications/public.ts';
import { changeGroups } from '../player/public.ts';
import type { Realtime } from '../realtime/public.ts';
import { type BookedStanding, levelWindowStart } from './entries.ts';
import { type Level, levelFor, levelGroups, levelOf, levels, micro, shownPoints } from './levels.ts';
import { levelReachedPush } from './push-messages.ts';

export interface SettleDeps {
  events: Pick<EventBus, 'publish'>;
  realtime: Pick<Realtime, 'publishManyToPlayers'>;
  /** Queues a web push to the player's browsers in the transaction (notifications' queuePlayerPush). */
  push?: (tx: Db, playerId: string, message: (language: Locale) => PushMessage | null) => Promise<unknown>;
}

/** The app's services as settling uses them. */
export function settleDepsOf(app: FastifyInstance): SettleDeps {
  return {
    events: app.events,
    realtime: app.realtime,
    push: (tx, playerId, message) => queuePlayerPush(app, tx, playerId, message),
  };
}

interface Standing {
  playerId: string;
  microPoints: number;
  held: Level;
  reached: Level;
}

/** A standing as bookEntries answers it (stored level, collected points), with its levels. */
export function standingOf(booked: BookedStanding): Standing {
  return {
    playerId: booked.playerId,
    microPoints: booked.microPoints,
    held: levelOf(booked.level),
    reached: levelFor(booked.collectedMicroPoints / micro),
  };
}

/**
 * Where each player stands, in one statement: the points to spend, the level held, and the level the
 * points collected over the 12 months before `now` reach. The rows are locked, so two settlements of
 * one player (an award and play at once) take turns.
 */
export async function standings(db: Db, playerIds: readonly string[], now: Date): Promise<Standing[]> {
  if (playerIds.length === 0) return [];
  const { rows } = (await db.execute(sql`
    select b.player_id, b.micro_points, b.level,
      (select coalesce(sum(d.micro_points), 0) from comp_point_days d
        where d.player_id = b.player_id
          and d.day > ${levelWindowStart(now)}) as collected
    from comp_point_balances b
    where b.player_id = any(${`{${playerIds.join(',')}}`}::uuid[])
    order by b.player_id
    for update of b`)) as unknown as {
    rows: { player_id: string; micro_points: string | number; level: string; collected: string | number }[];
  };
  return rows.map((row) => ({
    playerId: row.player_id,
    microPoints: Number(row.micro_points),
    held: levelOf(row.level),
    reached: levelFor(Number(row.collected) / micro),
  }));
}

/**
 * After points moved: a player whose collected points reach another level moves to it (its groups
 * replace the previous level's, so content for those groups follows), and the new points are pushed on
 * comps_award. `key` names the pushes of this settlement.
 */
export async function settlePoints(
  context: Pick<HandlerContext, 'db' | 'afterCommit'>,
  deps: SettleDeps,
  playerIds: readonly string[],
  now: Date,
  key: string,
): Promise<void> {
  await settleStandings(context, deps, await standings(context.db, playerIds, now), key);
}

/**
 * settlePoints for standings already read (bookEntries answers them, with the balance rows locked):
 * levels moved, then the new points pushed on comps_award.
 */
export async function settleStandings(
  context: Pick<HandlerContext, 'db' | 'afterCommit'>,
  deps: SettleDeps,
  settled: readonly Standing[],
  key: string,
): Promise<void> {
  for (const standing of settled) await moveLevel(context.db, deps, standing);
  // The pushes of the whole settlement stored in one statement (a batch of play settles many players).
  await deps.realtime.publishManyToPlayers(
    context,
    'comps_award',
    settled.map((standing) => ({
      playerId: standing.playerId,
      data: { points: shownPoints(standing.microPoints) },
      key: `${key}:comps:${standing.playerId}`,
    })),
  );
}

/** Stores the level a standing reached and gives its groups, if it changed. */
export async function moveLevel(tx: Db, deps: SettleDeps, standing: Standing): Promise<boolean> {
  if (standing.reached.id === standing.held.id) return false;
  await tx.execute(
    sql`update comp_point_balances set level = ${standing.reached.id} where player_id = ${standing.playerId}`,
  );
  await changeGroups(tx, deps.events, standing.playerId, {
    add: standing.reached.groups,
    remove: levelGroups.filter((group) => !standing.reached.groups.includes(group)),
  });
  // A level reached is worth telling; one lost as points age out is only shown in the profile.
  if (deps.push && levels.indexOf(standing.reached) > levels.indexOf(standing.held)) {
    const reached = standing.reached;
    await deps.push(tx, standing.playerId, (language) => levelReachedPush(reached, language));
  }
  return true;
}

/**
 * The `loyalty.levels` job: a level is held by the points collected over the last 12 months, so points
 * ageing out can take a player down a level (and its groups away) with no play at all.
 */
export async function resettleLevels(db: Db, deps: SettleDeps, now: Date): Promise<number> {
  const { rows } = (await db.execute(
    sql`select player_id from comp_point_balances where level <> 'bronze' order by player_id`,
  )) as unknown as { rows: { player_id: string }[] };
  let moved = 0;
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200).map((row) => row.player_id);
    await db.transaction(async (tx) => {
      for (const standing of await standings(tx, chunk, now))
        if (await moveLevel(tx, deps, standing)) moved++;
    });
  }
  return moved;
}
