import type { GameRound } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { roundOfPlayer } from '../wallet/public.ts';
import { gameTitlesByCode } from './game-cards.ts';

/**
 * One round of the player's history (UK Gambling Commission RTS 1): the ledger's stake, win and
 * balances, the game's title, and from the studio that played it what verifies it on /provably-fair.
 * Another player's round, or a round the player never played, is not found.
 */
export async function roundDetail(
  app: FastifyInstance,
  playerId: string,
  round: string,
  locale: 'en' | 'el',
): Promise<GameRound> {
  const { db } = app.database;
  const found = await roundOfPlayer(db, playerId, round);
  if (!found) throw new AppError('games.round_not_found', { field: 'round' });
  const [titles, facts] = await Promise.all([
    found.gameCode ? gameTitlesByCode(db, [found.gameCode], locale) : new Map<string, string>(),
    app.roundAtStudio(playerId, round),
  ]);
  return {
    round,
    currency: found.currency,
    game_code: found.gameCode,
    game_title: found.gameCode ? (titles.get(found.gameCode) ?? null) : null,
    status: found.status,
    stake_cents: found.stake,
    win_cents: found.win,
    balance_before_cents: found.balanceBefore,
    balance_after_cents: found.balanceAfter,
    started_at: found.startedAt.toISOString(),
    ended_at: found.endedAt.toISOString(),
    fairness:
      facts && facts.game === found.gameCode
        ? {
            game: facts.game,
            client_seed: facts.client_seed,
            nonce: facts.nonce,
            server_seed_hash: facts.server_seed_hash,
            server_seed: facts.server_seed,
            bet: facts.bet,
            actions: facts.actions,
          }
        : null,
  };
}
