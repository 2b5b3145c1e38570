import { type Db, schema } from '@chrysos/db';
import { Wallet } from '@chrysos/server/wallet';
import { openGameSession } from '@chrysos/server/wallet/game-sessions';

/** A bench player: their id, their currency and the game session a studio plays them through. */
export type Player = { id: string; token: string; currency: string };

/**
 * `count` players in euros (or `currency`, which must exist), each funded with `amount` cents by a booked deposit and holding a game
 * session of `studio`: the set-up the wallet and event benchmarks share.
 */
export async function fundedPlayers(
  db: Db,
  options: { count: number; emailPrefix: string; amount: number; studio: string; currency?: string },
): Promise<Player[]> {
  const currency = options.currency ?? 'EUR';
  const inserted = await db
    .insert(schema.players)
    .values(
      Array.from({ length: options.count }, (_, i) => ({
        email: `${options.emailPrefix}-${i}@example.gr`,
        currency,
        termsAcceptance: true,
        ageAcceptance: true,
      })),
    )
    .returning({ id: schema.players.id });
  const wallet = new Wallet(db);
  const players: Player[] = [];
  for (const player of inserted) {
    await wallet.deposit({
      key: `bench-deposit:${player.id}`,
      playerId: player.id,
      currency,
      amount: options.amount,
    });
    players.push({
      id: player.id,
      currency,
      token: await openGameSession(db, {
        playerId: player.id,
        currency,
        studio: options.studio,
        gameCode: 'bench',
      }),
    });
  }
  return players;
}
