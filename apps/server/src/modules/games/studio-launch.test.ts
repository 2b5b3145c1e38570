import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import * as studioSchema from '@chrysos/games/storage';
import { launchPath, signLaunch } from '@chrysos/wallet-protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newGameSession, newPlayer } from '../../testing/factories.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';
const minute = 60 * 1000;

describe.each(testDatabaseKinds)('the studio’s launch call on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  /** Sends a launch as the operator does: the body signed with the shared secret at `at`. */
  const launch = (
    payload: unknown,
    options: { secret?: string; at?: number; studio?: string; headers?: Record<string, string> } = {},
  ) => {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return app.inject({
      method: 'POST',
      url: launchPath,
      headers: {
        ...signLaunch(options.studio ?? houseStudio, body, options.secret ?? secret, options.at),
        ...options.headers,
      },
      payload: body,
    });
  };
  const studioSessions = async () =>
    (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(studioSchema.studioSessions))[0]
      ?.n ?? 0;
  const sessionIdOf = (gameUrl: string) =>
    new URL(gameUrl, 'https://casino.test').searchParams.get('session');

  it('opens a real-money session that plays on the wallet token it was given', async () => {
    const player = await newPlayer(app, { funded: 2_500 });
    const token = await newGameSession(app, player, { gameCode: 'hi-lo-dice' });
    const response = await launch({
      mode: 'real',
      game_code: 'hi-lo-dice',
      language: 'el',
      currency: 'EUR',
      user: player.id,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { game_url: gameUrl } = response.json();
    expect(gameUrl).toMatch(/^\/studio\/play\/hi-lo-dice\?session=[\w-]{32}&lang=el$/);
    expect(gameUrl).not.toContain(token);

    const session = await app.inject({
      url: '/games-api/session',
      headers: { 'x-studio-session': sessionIdOf(gameUrl) ?? '' },
    });
    expect(session.statusCode).toBe(200);
    // The balance comes from the wallet through the token: the launch carried the right one.
    expect(session.json()).toMatchObject({ mode: 'real', language: 'el', currency: 'EUR', balance: 2_500 });
  });

  it('opens a demo session with play money in the currency asked for', async () => {
    const response = await launch({ mode: 'demo', game_code: 'hi-lo-dice', language: 'en', currency: 'GBP' });
    expect(response.statusCode, response.body).toBe(200);
    const session = await app.inject({
      url: '/games-api/session',
      headers: { 'x-studio-session': sessionIdOf(response.json().game_url) ?? '' },
    });
    expect(session.json()).toMatchObject({ mode: 'demo', currency: 'GBP', balance: 100_000 });
  });

  it('refuses a launch whose signature is missing, wrong, for another studio or stale, opening nothing', async () => {
    const demo = { mode: 'demo', game_code: 'hi-lo-dice', language: 'en', currency: 'EUR' };
    const before = await studioSessions();
    const refused = [
      await launch(demo, { secret: 'another-secret-of-at-least-32-characters' }),
      await launch(demo, { studio: 'another-studio' }),
      await launch(demo, { at: Date.now() - 6 * minute }),
      await launch(demo, { at: Date.now() + 6 * minute }),
      await launch(demo, { headers: { 'x-chrysos-signature': 'ab'.repeat(32) } }),
      await app.inject({ method: 'POST', url: launchPath, payload: demo }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        errors: {
          signature: ['The launch is not signed with this studio’s secret in the last five minutes.'],
        },
        codes: { signature: ['studio.launch_unsigned'] },
      });
    }
    // A body changed after signing is refused too.
    const body = JSON.stringify(demo);
    const tampered = await app.inject({
      method: 'POST',
      url: launchPath,
      headers: signLaunch(houseStudio, body, secret),
      payload: body.replace('EUR', 'GBP'),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().codes).toEqual({ signature: ['studio.launch_unsigned'] });
    expect(await studioSessions()).toBe(before);
    // Still fresh four minutes later (clocks of the two sides may differ a little).
    expect((await launch(demo, { at: Date.now() - 4 * minute })).statusCode).toBe(200);
  });

  it('refuses a signed launch that breaks the protocol’s schema, naming the field', async () => {
    const player = await newPlayer(app);
    const real = {
      mode: 'real',
      game_code: 'hi-lo-dice',
      language: 'en',
      currency: 'EUR',
      user: player.id,
      token: 'a'.repeat(43),
    };
    const before = await studioSessions();
    const cases: [unknown, string][] = [
      [{ ...real, mode: 'free' }, 'mode'],
      [{ ...real, token: undefined }, 'token'],
      [{ ...real, user: 'not-a-uuid' }, 'user'],
      [{ ...real, language: 'fr' }, 'language'],
      [{ ...real, currency: 'eur' }, 'currency'],
      [{ ...real, game_code: '../wallet' }, 'game_code'],
      ['{"mode":', 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await launch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(response.json().codes).toEqual({ [field]: ['studio.launch_invalid'] });
    }
    const unknownGame = await launch({ ...real, game_code: 'no-such-game' });
    expect(unknownGame.statusCode).toBe(404);
    expect(unknownGame.json()).toEqual({
      errors: { game_code: ['This studio has no game no-such-game.'] },
      codes: { game_code: ['studio.launch_unknown_game'] },
      params: { game_code: [{ game: 'no-such-game' }] },
    });
    const unknownCurrency = await launch({ ...real, currency: 'XYZ' });
    expect(unknownCurrency.statusCode).toBe(422);
    expect(unknownCurrency.json()).toEqual({
      errors: { currency: ['This studio does not play in XYZ.'] },
      codes: { currency: ['studio.launch_currency'] },
      params: { currency: [{ currency: 'XYZ' }] },
    });
    expect(await studioSessions()).toBe(before);
  });

  it('is how the platform launches: the studio’s session carries the wallet token the platform opened', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    const response = await app.inject({
      url: '/api/games/launch_options/olympus-tables/european-roulette?mode=real&locale=el',
      headers: { cookie: player.cookie, accept: 'application/vnd.s.v2+json' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await app.inject({
      url: '/games-api/session',
      headers: { 'x-studio-session': sessionIdOf(response.json().game_url) ?? '' },
    });
    expect(session.json()).toMatchObject({ mode: 'real', language: 'el', currency: 'EUR', balance: 1_000 });
  });

  it('answers the player clearly when the studio refuses a game the catalogue still lists', async () => {
    const player = await newPlayer(app);
    // The catalogue points at a code the studio does not have (a title it withdrew).
    await app.database.db
      .update(schema.games)
      .set({ gameCode: 'withdrawn-title' })
      .where(eq(schema.games.identifier, 'chrysos-originals:golden-drachma'));
    const before = await studioSessions();
    for (const mode of ['demo', 'real']) {
      const response = await app.inject({
        url: `/api/games/launch_options/chrysos-originals/golden-drachma?mode=${mode}`,
        headers: { cookie: player.cookie, accept: 'application/vnd.s.v2+json' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().codes).toEqual({ game: ['games.not_found'] });
    }
    expect(await studioSessions()).toBe(before);
    const recent = await app.inject({
      url: '/api/player/recent_games',
      headers: { cookie: player.cookie, accept: 'application/vnd.s.v2+json' },
    });
    expect(recent.json()).toEqual({ games: [] });
  });
});
