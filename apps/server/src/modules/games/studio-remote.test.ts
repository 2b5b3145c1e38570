import { fileURLToPath } from 'node:url';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { studioRoutes } from '@chrysos/games/server';
import { WalletClient } from '@chrysos/games/wallet-client';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { parseConfig } from '../config.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';

describe('STUDIO_URL', () => {
  it('is an http(s) origin and needs the shared secret, which one process cannot make up for another', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', STUDIO_URL: 'ftp://studio.internal' })).toThrow(
      /STUDIO_URL/,
    );
    expect(() => parseConfig({ NODE_ENV: 'test', STUDIO_URL: 'http://studio.internal:8443' })).toThrow(
      /STUDIO_SECRET: required with STUDIO_URL/,
    );
    expect(
      parseConfig({ NODE_ENV: 'test', STUDIO_URL: 'http://studio.internal:8443', STUDIO_SECRET: secret })
        .STUDIO_URL,
    ).toBe('http://studio.internal:8443');
  });
});

describe.each(testDatabaseKinds)('a studio running apart (STUDIO_URL) on %s', (kind) => {
  let platform: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  let studio: FastifyInstance;
  let studioDatabase: Awaited<ReturnType<typeof openTestDatabase>>;
  let studioUrl: string;
  let studioUp = false;

  beforeAll(async () => {
    // The studio in a server of its own, on a database of its own, paying through the platform's
    // wallet protocol (delivered to the platform in this test's process).
    studioDatabase = await openTestDatabase(kind);
    studio = Fastify();
    await studio.register(studioRoutes, {
      db: studioDatabase.db,
      migrate: (migrations) => studioDatabase.migrate(migrations),
      wallet: new WalletClient({
        studio: houseStudio,
        secret,
        retry: { attempts: 1, baseDelayMs: 1 },
        transport: async (path, body, headers) => {
          if (!platform) throw new Error('the platform is not up yet');
          const response = await platform.inject({ method: 'POST', url: path, headers, payload: body });
          return { status: response.statusCode, body: response.body };
        },
      }),
      operator: { studio: houseStudio, secret },
      subunitsOf: async (currency) => (currency === 'EUR' ? 100 : undefined),
      recovery: { idleMs: 60_000, abandonMs: 60 * 60_000, schedule: () => {} },
    });
    studioUrl = await studio.listen({ port: 0, host: '127.0.0.1' });
    studioUp = true;
    platform = await buildTestApp(kind, {
      CONTENT_DIR: fixtures,
      STUDIO_SECRET: secret,
      STUDIO_URL: studioUrl,
    });
  });
  afterAll(async () => {
    await platform?.closeAll();
    if (studioUp) await studio.close();
    await studioDatabase.close();
  });

  const launchOptions = (cookie: string, query: string) =>
    platform?.inject({
      url: `/api/games/launch_options/olympus-tables/european-roulette?${query}`,
      headers: { cookie, accept: 'application/vnd.s.v2+json' },
    });

  it('launches over HTTP: the studio opens the session, plays on the wallet token, and is not mounted here', async () => {
    if (!platform) throw new Error('no platform');
    const player = await newPlayer(platform, { funded: 1_000 });
    const launched = await launchOptions(player.cookie, 'mode=real&locale=el');
    expect(launched?.statusCode, launched?.body).toBe(200);
    const gameUrl = new URL(launched?.json().game_url, 'https://casino.test');
    const session = gameUrl.searchParams.get('session') ?? '';
    expect(gameUrl.pathname).toBe('/studio/play/european-roulette');

    // The session is the studio's, and its balance comes from the platform's wallet through the token.
    const atStudio = await fetch(`${studioUrl}/games-api/session`, {
      headers: { 'x-studio-session': session },
    });
    expect(atStudio.status).toBe(200);
    expect(await atStudio.json()).toMatchObject({
      mode: 'real',
      language: 'el',
      currency: 'EUR',
      balance: 1_000,
    });
    // This server has no studio of its own: its games API is the one running apart.
    const here = await platform.inject({
      url: '/games-api/session',
      headers: { 'x-studio-session': session },
    });
    expect(here.statusCode).toBe(404);
  });

  it('answers a currency the studio refuses as the platform’s refusal, and a studio that is down as unavailable', async () => {
    if (!platform) throw new Error('no platform');
    const player = await newPlayer(platform, { currency: 'USD', funded: 1_000 });
    // The studio does not play in dollars: a refusal the platform reads by its code.
    const refused = await launchOptions(player.cookie, 'mode=real');
    expect(refused?.statusCode).toBe(403);
    expect(refused?.json().codes).toEqual({ game: ['games.restricted_currency'] });

    const euro = await newPlayer(platform, { funded: 1_000 });
    await studio.close();
    studioUp = false;
    const down = await launchOptions(euro.cookie, 'mode=real');
    expect(down?.statusCode).toBe(503);
    expect(down?.json().codes).toEqual({ game: ['games.studio_unavailable'] });
  });
});
