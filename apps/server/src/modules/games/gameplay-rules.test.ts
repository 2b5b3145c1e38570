import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import * as studioSchema from '@chrysos/games/storage';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'gameplay-rules-studio-secret-0123456789';
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Issue 35: the licence's gameplay rules, told to the studio by every launch. Under the UK licence
 * (RTS 14) no autoplay is offered and a player's rounds of a game start at least 2.5 s apart, measured
 * on the product clock; under the default licence both stay as they were.
 */
describe.each(testDatabaseKinds)('the licence’s gameplay rules on %s', (kind) => {
  let uk: TestApp;
  let standard: TestApp;

  beforeAll(async () => {
    [uk, standard] = await Promise.all([
      buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret, LICENSE: 'ukgc' }),
      buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([uk?.closeAll(), standard?.closeAll()]);
  });

  /** The player's real-money launch of Golden Drachma through the API: the studio session's id. */
  async function launch(app: TestApp, player: TestPlayer): Promise<string> {
    const launched = await app.inject({
      url: '/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=en',
      headers: { cookie: player.cookie, accept: 'application/vnd.s.v2+json' },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    const session = new URL(launched.json().game_url, 'https://casino.test').searchParams.get('session');
    if (!session) throw new Error('no studio session in the game URL');
    return session;
  }
  const sessionOf = (app: TestApp, session: string) =>
    app.inject({ url: '/games-api/session', headers: { 'x-studio-session': session } });
  const spin = (app: TestApp, session: string) =>
    app.inject({
      method: 'POST',
      url: '/games-api/rounds',
      headers: { 'x-studio-session': session },
      payload: { bet: { stake: 100 } },
    });
  /** What the ledger and the studio hold of a player: a refused round must change neither. */
  const trail = async (app: TestApp, player: TestPlayer) => ({
    balances: await app.wallet.ledger.balances(player.id, 'EUR'),
    bookings: (
      await app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.ledgerTransactions)
        .where(eq(schema.ledgerTransactions.playerId, player.id))
    )[0]?.n,
    rounds: (
      await app.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(studioSchema.studioRounds)
        .where(eq(studioSchema.studioRounds.owner, player.id))
    )[0]?.n,
  });
  const later = (app: TestApp, ms: number) => app.clock.moveTo(new Date(app.clock.now().getTime() + ms));

  it('tells the game of the UK licence: no autoplay, 2.5 s between rounds, no quick play; and of the default: as before', async () => {
    const british = await newPlayer(uk, { funded: 10_000 });
    const curacao = await newPlayer(standard, { funded: 10_000 });
    expect((await sessionOf(uk, await launch(uk, british))).json().gameplay).toEqual({
      autoplay: false,
      min_cycle_ms: 2_500,
      quick_play: false,
    });
    expect((await sessionOf(standard, await launch(standard, curacao))).json().gameplay).toEqual({
      autoplay: true,
      min_cycle_ms: 0,
      quick_play: true,
    });
  });

  it('refuses a UK player’s round within 2.5 s of the last one’s start, moving no money, until the clock has moved on', async () => {
    const player = await newPlayer(uk, { funded: 10_000 });
    const session = await launch(uk, player);
    // A second launch of the same game, opened beforehand: its rounds count with the first's.
    const relaunched = await launch(uk, player);
    expect((await spin(uk, session)).statusCode).toBe(200);

    const before = await trail(uk, player);
    const refused = await spin(uk, session);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().codes).toEqual({ round: ['studio.too_soon'] });
    const [params] = refused.json().params.round;
    expect(params.seconds).toBe(2.5);
    expect(params.wait_ms).toBeGreaterThan(0);
    expect(params.wait_ms).toBeLessThanOrEqual(2_500);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await trail(uk, player)).toEqual(before);

    // The clock moved on to 1.5 s before the cycle ends (real time runs on, so with room to spare):
    // still refused, from the other launch too.
    later(uk, params.wait_ms - 1_500);
    const again = await spin(uk, relaunched);
    expect(again.statusCode).toBe(429);
    expect(again.json().params.round[0].wait_ms).toBeLessThanOrEqual(1_500);
    expect(await trail(uk, player)).toEqual(before);

    later(uk, 1_500);
    const played = await spin(uk, session);
    expect(played.statusCode, played.body).toBe(200);
    const after = await trail(uk, player);
    expect(after.rounds).toBe((before.rounds ?? 0) + 1);
    expect(after.balances.real).toBe(before.balances.real - 100 + played.json().payout);
  });

  it('counts each UK player’s own rounds: another player plays at once', async () => {
    const first = await newPlayer(uk, { funded: 10_000 });
    const second = await newPlayer(uk, { funded: 10_000 });
    const firstSession = await launch(uk, first);
    const secondSession = await launch(uk, second);
    expect((await spin(uk, firstSession)).statusCode).toBe(200);
    expect((await spin(uk, secondSession)).statusCode).toBe(200);
    expect((await spin(uk, firstSession)).statusCode).toBe(429);
    expect((await spin(uk, secondSession)).statusCode).toBe(429);
  });

  it('lets a player under the default licence play rounds back to back', async () => {
    const player = await newPlayer(standard, { funded: 10_000 });
    const session = await launch(standard, player);
    for (let round = 0; round < 3; round++) {
      const played = await spin(standard, session);
      expect(played.statusCode, played.body).toBe(200);
    }
    expect((await trail(standard, player)).rounds).toBe(3);
  });
});
