import type { FastifyInstance } from 'fastify';
import type { HandlerContext } from '../../platform/events.ts';
import { DatabaseBoard } from './leaderboard.ts';
import { leaderboardOf, participantOf, statusOf, tournamentRow } from './read.ts';

// Read in the handler's transaction, before the Redis board is written (after commit).
const inTransaction = new DatabaseBoard();

/** How many rows of the top of a board its public channel carries. */
export const publishedTop = 10;

/**
 * The player's status in a tournament on their `tournaments_statuses` channel, as it stands in the
 * handler's transaction (its place from the database board: the Redis one is written after commit).
 */
export async function publishStatus(
  app: FastifyInstance,
  context: Pick<HandlerContext, 'db' | 'afterCommit'>,
  tournamentId: string,
  playerId: string,
  key: string,
): Promise<void> {
  const tournament = await tournamentRow(context.db, tournamentId);
  if (!tournament) return;
  const participant = await participantOf(context.db, tournamentId, playerId);
  const status = await statusOf(context.db, inTransaction, tournament, participant, null, app.clock.now());
  await app.realtime.publishToPlayer(
    context,
    'tournaments_statuses',
    playerId,
    // Only a participant's status is pushed, and a participant may take part by definition.
    { ...status, eligible: true },
    `tournaments:${tournamentId}:${key}`,
  );
}

/**
 * The top of a tournament's board on the public `tournaments_leaderboards` channel: a hint for the pages
 * showing it, which read the full board again (GET /tournaments/:id) when it comes.
 */
export async function publishTop(
  app: FastifyInstance,
  context: Pick<HandlerContext, 'db' | 'afterCommit'>,
  tournamentId: string,
  key: string,
): Promise<void> {
  const tournament = await tournamentRow(context.db, tournamentId);
  if (!tournament) return;
  const { rows } = await leaderboardOf(context.db, inTransaction, tournament, null, publishedTop);
  await app.realtime.publishToAll(
    context,
    'tournaments_leaderboards',
    { tournament_id: tournamentId, top: rows },
    `tournaments:${tournamentId}:top:${key}`,
  );
}
