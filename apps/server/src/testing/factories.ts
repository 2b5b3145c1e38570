import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
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
  // Every player has auth's row, as sign-up makes it; this one has no password until a test sets one.
  await db.insert(schema.playerCredentials).values({ playerId: row.id });
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

/**
 * A deposit as the player makes it: started through the cashier's API, then paid with the sandbox
 * provider's test card on its payment page, so the cashier's whole path runs (webhook, ledger, events).
 * Refuses loudly when the cashier does not start it or the payment page does not take it.
 */
export async function depositThroughSandbox(
  app: TestApp,
  player: Pick<TestPlayer, 'cookie'> & { currency?: string },
  amount: number,
): Promise<void> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/payments/deposits',
    headers: { cookie: player.cookie, 'accept-language': 'en' },
    payload: { currency: player.currency ?? 'EUR', amount_cents: amount, method: 'card' },
  });
  if (started.statusCode !== 201)
    throw new Error(`the deposit did not start: ${started.statusCode} ${started.body}`);
  const paid = await app.inject({
    method: 'POST',
    url: started.json().redirect_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Eleni P',
      action: 'pay',
    }).toString(),
  });
  if (paid.statusCode >= 400) throw new Error(`the sandbox did not take the payment: ${paid.statusCode}`);
}

/**
 * A round of the player's in EUR as a studio books it through the wallet: a bet of `stake` and its win
 * (0 closes a lost round). Its round id.
 */
export async function playRound(
  app: TestApp,
  player: Pick<TestPlayer, 'id'>,
  stake: number,
  win: number,
): Promise<string> {
  const round = randomUUID();
  const movement = { playerId: player.id, currency: 'EUR', round, gameCode: 'golden-drachma' };
  await app.wallet.bet({ ...movement, key: `studio:bet-${round}`, amount: stake });
  await app.wallet.win({
    ...movement,
    key: `studio:win-${round}`,
    amount: win,
    reference: `studio:bet-${round}`,
  });
  return round;
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

/**
 * Started free spins of the player on one of a studio's games (`gameCode`, the studio's code), as a
 * coupon and its activation leave them: what pays for the studio's `is_free` bets. Their id.
 */
export async function newFreeSpins(
  app: TestApp,
  player: Pick<TestPlayer, 'id' | 'currency'>,
  options: { gameCode?: string; studio?: string; count?: number } = {},
): Promise<string> {
  const { db } = app.database;
  const gameCode = options.gameCode ?? 'golden-drachma';
  const [game] = await db
    .select({ identifier: schema.games.identifier })
    .from(schema.games)
    .where(and(eq(schema.games.studio, options.studio ?? houseStudio), eq(schema.games.gameCode, gameCode)));
  if (!game) throw new Error(`no game ${gameCode} in the catalogue`);
  const [spins] = await db
    .insert(schema.playerFreespins)
    .values({
      playerId: player.id,
      campaignId: 'drachma-spins-coupon',
      currency: player.currency,
      gameIdentifier: game.identifier,
      gameCode,
      stage: 'activated',
      count: options.count ?? 10,
      value: 20,
      wagering: { multiplier: 30, days: 7, cap: null },
      source: `test:${randomUUID()}`,
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: schema.playerFreespins.id });
  if (!spins) throw new Error('no free spins were stored');
  return spins.id;
}
