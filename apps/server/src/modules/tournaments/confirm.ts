import type { TournamentStatus } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { AppError } from '../../platform/errors.ts';
import type { Board } from './leaderboard.ts';
import { entrantOf, participantOf, statusOf, tournamentRow } from './read.ts';
import { mayEnter, stateOf } from './terms.ts';

/**
 * Joins a tournament (spec §7 POST /tournaments/{id}/confirm): from now on the player's qualifying bets
 * count, in the currency that is active for them now. Joining again changes nothing; a finished
 * tournament or one not open to the player (group, country, no pool in their currency) refuses.
 */
export async function confirmTournament(
  db: Db,
  board: Board,
  tournamentId: string,
  playerId: string,
  now: Date,
): Promise<TournamentStatus> {
  const tournament = await tournamentRow(db, tournamentId);
  if (!tournament) throw new AppError('tournaments.not_found');
  const state = stateOf(tournament, now);
  if (state === 'finished' || state === 'archived' || tournament.finishedAt !== null) {
    throw new AppError('tournaments.finished');
  }
  const entrant = await entrantOf(db, playerId);
  let participant = await participantOf(db, tournamentId, playerId);
  if (!participant) {
    if (!mayEnter(tournament, entrant)) throw new AppError('tournaments.not_eligible');
    await db
      .insert(schema.tournamentParticipants)
      .values({ tournamentId, playerId, currency: entrant.currency, confirmedAt: now })
      .onConflictDoNothing();
    participant = await participantOf(db, tournamentId, playerId);
  }
  return statusOf(db, board, tournament, participant, entrant, now);
}
