import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const minute = 60_000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Sign-in sessions are per player (issue 31 item 1): each session obeys only its own player's
 * session-time limit, whatever limits other players set.
 */
describe.each(testDatabaseKinds)('sessions of players whose limits differ on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
  });
  afterAll(() => app.closeAll());
  afterEach(() => app.clock.moveTo(new Date()));

  const api = (who: TestPlayer, method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const sessionLimit = (who: TestPlayer, minutes: number) =>
    api(who, 'PUT', '/player/limits', { kind: 'session', period: 'session', amount: minutes });
  const startOf = async (who: TestPlayer) => {
    const [session] = await app.database.db
      .select({ createdAt: schema.sessions.createdAt })
      .from(schema.sessions)
      .where(eq(schema.sessions.playerId, who.id));
    return session?.createdAt.getTime() ?? 0;
  };

  it('ends only the session of the player whose limit it reached', async () => {
    const limited = await newPlayer(app);
    const unlimited = await newPlayer(app);
    const longer = await newPlayer(app);
    expect((await sessionLimit(limited, 1)).statusCode).toBe(200);
    // A second player's limit: the check of every session once answered 500 with two limits stored.
    expect((await sessionLimit(longer, 5)).statusCode).toBe(200);
    for (const who of [limited, unlimited, longer]) {
      expect((await api(who, 'GET', '/player')).statusCode).toBe(200);
    }

    const latest = Math.max(...(await Promise.all([limited, unlimited, longer].map(startOf))));
    app.clock.moveTo(new Date(latest + 2 * minute));
    const ended = await api(limited, 'GET', '/player');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().codes).toEqual({ base: ['compliance.session_limit'] });
    expect(ended.json().params).toEqual({ base: [{ minutes: 1 }] });
    expect((await api(unlimited, 'GET', '/player')).statusCode).toBe(200);
    expect((await api(longer, 'GET', '/player')).statusCode).toBe(200);

    app.clock.moveTo(new Date(latest + 6 * minute));
    const endedLater = await api(longer, 'GET', '/player');
    expect(endedLater.statusCode).toBe(401);
    expect(endedLater.json().params).toEqual({ base: [{ minutes: 5 }] });
    // The player without a limit is never signed out by the others' limits.
    app.clock.moveTo(new Date(latest + 60 * minute));
    expect((await api(unlimited, 'GET', '/player')).statusCode).toBe(200);
  });
});
