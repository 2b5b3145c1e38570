import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { createSession } from '../modules/auth/sessions.ts';
import { houseStudio } from '../modules/games/config.ts';
import { openGameSession } from '../modules/wallet/game-sessions.ts';
import { sessionCookieName } from '../platform/http-session.ts';
import type { buildTestApp } from './build-test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

export interface TestPlayer {
  id: string;
  email: string;
  currency: string;
  /** The Cookie header of a signed-in browser of this player. */
  cookie: string;
}

/**
 * A new player of their own, so no test inherits another's balances: registered with accepted terms, an
 * active account in `currency`, signed in (`cookie`), and holding `funded` minor units of real money
 * deposited through the ledger (a booked, logged movement like any other).
 */
export async function newPlayer(
  app: TestApp,
  options: { currency?: string; funded?: number; country?: string | null; email?: string } = {},
): Promise<TestPlayer> {
  const { db } = app.database;
  const currency = options.currency ?? 'EUR';
  const email = options.email ?? `player-${randomUUID()}@example.gr`;
  const [row] = await db
    .insert(schema.players)
    .values({
      email,
      currency,
      country: options.country === undefined ? 'GR' : options.country,
      termsAcceptance: true,
      ageAcceptance: true,
    })
    .returning({ id: schema.players.id });
  if (!row) throw new Error('no player was created');
  await db.insert(schema.playerCurrencies).values({ playerId: row.id, currency, active: true });
  if (options.funded) {
    await app.wallet.deposit({
      key: `test-funds:${row.id}`,
      playerId: row.id,
      currency,
      amount: options.funded,
    });
  }
  const token = await createSession(db, row.id, { ip: '127.0.0.1', userAgent: 'test' }, app.clock.now());
  return { id: row.id, email, currency, cookie: `${sessionCookieName}=${token}` };
}

/** A studio game session of the player (what a real-money launch opens): the token the studio plays with. */
export function newGameSession(
  app: TestApp,
  player: Pick<TestPlayer, 'id' | 'currency'>,
  options: { studio?: string; gameCode?: string } = {},
): Promise<string> {
  return openGameSession(app.database.db, {
    playerId: player.id,
    currency: player.currency,
    studio: options.studio ?? houseStudio,
    gameCode: options.gameCode ?? 'golden-reels',
  });
}
