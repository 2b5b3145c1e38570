import type { OperatorRoundsPage } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import { roundsOfPlayer } from '../wallet/public.ts';
import { gameTitlesByCode } from './game-cards.ts';

/**
 * A page of the player's rounds as operators read them (Player 360): the ledger's stake and win of
 * each, the game's title, and for the in-house studio's rounds what verifies them, asked of the studio
 * as the player's own round detail asks it (round-detail.ts); a round it does not know has none.
 */
export async function playerRounds(
  app: FastifyInstance,
  playerId: string,
  query: { game?: string | undefined; before?: number | undefined; limit: number },
): Promise<OperatorRoundsPage> {
  const { db } = app.database;
  const rounds = await roundsOfPlayer(db, playerId, {
    gameCode: query.game,
    before: query.before,
    limit: query.limit,
  });
  const codes = [...new Set(rounds.flatMap((round) => (round.gameCode ? [round.gameCode] : [])))];
  const [titles, facts] = await Promise.all([
    codes.length > 0 ? gameTitlesByCode(db, codes, 'en') : new Map<string, string>(),
    Promise.all(rounds.map((round) => app.roundAtStudio(playerId, round.round))),
  ]);
  const last = rounds.at(-1);
  return {
    items: rounds.map((round, index) => {
      const fair = facts[index];
      return {
        id: round.id,
        round: round.round,
        currency: round.currency,
        game_code: round.gameCode,
        game_title: round.gameCode ? (titles.get(round.gameCode) ?? null) : null,
        status: round.status,
        stake_cents: round.stake,
        win_cents: round.win,
        opened_at: round.openedAt.toISOString(),
        closed_at: round.closedAt?.toISOString() ?? null,
        fairness:
          fair && fair.game === round.gameCode
            ? {
                game: fair.game,
                client_seed: fair.client_seed,
                nonce: fair.nonce,
                server_seed_hash: fair.server_seed_hash,
                server_seed: fair.server_seed,
                bet: fair.bet,
                actions: fair.actions,
              }
            : null,
      };
    }),
    next_before: rounds.length === query.limit && last ? last.id : null,
  };
}
