import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'limits-two-players-secret-0123456789abcdef';
/** The in-house studio's name (games config), which plays with STUDIO_SECRET. */
const houseStudio = 'chrysos-studio';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Limits are per player (issue 31, the guard): players whose limits differ each meet only their own,
 * where money moves (deposits in the cashier, bets in the wallet) and in what the limits page shows.
 */
describe.each(testDatabaseKinds)('limits of players whose limits differ on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  const api = (who: TestPlayer, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const setLimit = async (who: TestPlayer, limit: object) =>
    expect((await api(who, 'PUT', '/player/limits', limit)).statusCode).toBe(200);
  const deposit = (who: TestPlayer, amount: number) =>
    api(who, 'POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' });
  const limitsOf = async (who: TestPlayer) => (await api(who, 'GET', '/player/limits')).json().limits;

  it('refuses a deposit over the limit of its own player only', async () => {
    const weekly = await newPlayer(app);
    const daily = await newPlayer(app);
    const free = await newPlayer(app);
    await setLimit(weekly, { kind: 'deposit', period: 'week', currency: 'EUR', amount: 5_000 });
    await setLimit(daily, { kind: 'deposit', period: 'day', currency: 'EUR', amount: 2_500 });

    expect((await deposit(weekly, 4_000)).statusCode).toBe(201);
    expect((await deposit(daily, 2_000)).statusCode).toBe(201);
    expect((await deposit(free, 4_000)).statusCode).toBe(201);

    const weeklyRefused = await deposit(weekly, 2_000);
    expect(weeklyRefused.statusCode).toBe(422);
    expect(weeklyRefused.json().params.amount_cents).toEqual([{ remaining: 1_000, currency: 'EUR' }]);
    const dailyRefused = await deposit(daily, 2_000);
    expect(dailyRefused.statusCode).toBe(422);
    expect(dailyRefused.json().params.amount_cents).toEqual([{ remaining: 500, currency: 'EUR' }]);
    // The player without a limit deposits as much again, whatever the others set.
    expect((await deposit(free, 4_000)).statusCode).toBe(201);

    expect(await limitsOf(weekly)).toEqual([
      expect.objectContaining({ kind: 'deposit', period: 'week', amount: 5_000, used: 4_000 }),
    ]);
    expect(await limitsOf(daily)).toEqual([
      expect.objectContaining({ kind: 'deposit', period: 'day', amount: 2_500, used: 2_000 }),
    ]);
    expect(await limitsOf(free)).toEqual([]);
  });

  it('refuses a bet over the loss or wager limit of its own player only', async () => {
    const losing = await newPlayer(app, { funded: 10_000 });
    const wagering = await newPlayer(app, { funded: 10_000 });
    const free = await newPlayer(app, { funded: 10_000 });
    await setLimit(losing, { kind: 'loss', period: 'day', currency: 'EUR', amount: 1_000 });
    await setLimit(wagering, { kind: 'wager', period: 'day', currency: 'EUR', amount: 2_000 });
    const play = (who: TestPlayer) =>
      studioCalls(app, who, { studio: houseStudio, secret, gameCode: 'golden-reels' });
    const [lossGame, wagerGame, freeGame] = await Promise.all([losing, wagering, free].map(play));
    if (!lossGame || !wagerGame || !freeGame) throw new Error('no game session');

    for (const [n, game] of [lossGame, wagerGame, freeGame].entries()) {
      expect((await game.bet(`b1-${n}`, 900)).status).toBe('RS_OK');
    }
    // 1,500 of loss crosses the first player's 1,000; the others' limits are elsewhere or none.
    expect((await lossGame.bet('b2-0', 600)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await wagerGame.bet('b2-1', 600)).status).toBe('RS_OK');
    expect((await freeGame.bet('b2-2', 600)).status).toBe('RS_OK');
    // 2,100 staked crosses the second player's 2,000 wagered.
    expect((await wagerGame.bet('b3-1', 600)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await freeGame.bet('b3-2', 600)).status).toBe('RS_OK');
    expect((await lossGame.bet('b3-0', 100)).status).toBe('RS_OK');
  });
});
