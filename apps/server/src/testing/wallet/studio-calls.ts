import { randomUUID } from 'node:crypto';
import { signBody } from '@chrysos/wallet-protocol';
import type { FastifyInstance } from 'fastify';
import { houseStudio } from '../../modules/games/config.ts';
import { openGameSession } from '../../modules/wallet/game-sessions.ts';

/**
 * A studio's signed seamless-wallet calls (the in-house studio's unless `studio` says otherwise) for one player's game session (docs/wallet-protocol.md), as
 * the in-house studio makes them: what a test plays with. Each answer is returned as the studio reads
 * it (status, balance).
 */
export async function studioCalls(
  app: FastifyInstance,
  player: { id: string; currency: string },
  options: { studio?: string; secret: string; gameCode: string },
) {
  const token = await openGameSession(app.database.db, {
    playerId: player.id,
    currency: player.currency,
    studio: options.studio ?? houseStudio,
    gameCode: options.gameCode,
  });
  const call = async (path: string, fields: Record<string, unknown>) => {
    const body = JSON.stringify({
      user: player.id,
      token,
      request_uuid: randomUUID(),
      game_code: options.gameCode,
      currency: player.currency,
      ...fields,
    });
    const response = await app.inject({
      method: 'POST',
      url: `/wallet/${path}`,
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': options.studio ?? houseStudio,
        'x-chrysos-signature': signBody(body, options.secret),
      },
      body,
    });
    return response.json() as { status: string; balance?: number };
  };
  return {
    bet: (id: string, amount: number, extra: Record<string, unknown> = {}) =>
      call('transaction/bet', { transaction_uuid: id, round: `round-${id}`, amount, ...extra }),
    win: (id: string, bet: string, amount: number, extra: Record<string, unknown> = {}) =>
      call('transaction/win', {
        transaction_uuid: id,
        reference_transaction_uuid: bet,
        round: `round-${bet}`,
        amount,
        ...extra,
      }),
    rollback: (id: string, bet: string) =>
      call('transaction/rollback', {
        transaction_uuid: id,
        reference_transaction_uuid: bet,
        round: `round-${bet}`,
      }),
  };
}
