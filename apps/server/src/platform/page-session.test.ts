import { testDatabaseKinds } from '@chrysos/db/testing';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../testing/factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * A page's in-process API calls reuse the page's own session lookup (decision 42): the header that
 * carries it is vouched for by a secret of the process, so a client that sends it claims no one.
 */
describe.each(testDatabaseKinds)("a page's session handed to its in-process calls on %s", (kind) => {
  let app: TestApp;
  let eleni: TestPlayer;
  let nikos: TestPlayer;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    [eleni, nikos] = [await newPlayer(app), await newPlayer(app)];
  });
  afterAll(() => app.closeAll());

  /** The header the page of `playerId` (null: a visitor's) gives its calls. */
  const headerOfPage = (playerId: string | null) =>
    app.pageSessionHeader({ playerId: async () => playerId } as unknown as FastifyRequest);
  const player = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/player', headers: { 'accept-language': 'en', ...headers } });

  it("answers each page's call as the page's lookup said, not by the cookie", async () => {
    for (const who of [eleni, nikos]) {
      const answer = await player({ cookie: who.cookie, ...(await headerOfPage(who.id)) });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().id).toBe(who.id);
    }
    expect((await player({ cookie: eleni.cookie, ...(await headerOfPage(null)) })).statusCode).toBe(401);
  });

  it('lets no client claim a player with a header of its own', async () => {
    const [name, value = ''] = Object.entries(await headerOfPage(nikos.id))[0] ?? [];
    if (!name) throw new Error('no header');
    const secret = value.slice(0, value.indexOf('.'));
    const forged = [
      `guess.${nikos.id}`,
      `.${nikos.id}`,
      nikos.id,
      `${secret.slice(0, -1)}x.${nikos.id}`,
      `${secret}x.${nikos.id}`,
    ];
    for (const attempt of forged) {
      // Eleni's cookie with Nikos's id: she stays herself; no cookie at all: nobody.
      const hers = await player({ cookie: eleni.cookie, [name]: attempt });
      expect(hers.json().id).toBe(eleni.id);
      expect((await player({ [name]: attempt })).statusCode).toBe(401);
    }
  });
});
