import { endpoints } from '@chrysos/contract/client';
import { testDatabaseKinds } from '@chrysos/db/testing';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../testing/factories.ts';
import { pageApi } from './web.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The root's loader and a page's often read the same endpoint at once (the wallet's accounts): within
 * one page request a read is answered once and shared, and a change the page makes forgets what was
 * read before it (decision 42).
 */
describe.each(testDatabaseKinds)("a page request's reads on %s", (kind) => {
  let app: TestApp;
  let eleni: TestPlayer;
  let nikos: TestPlayer;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    [eleni, nikos] = [await newPlayer(app, { funded: 1_000 }), await newPlayer(app)];
  });
  afterAll(() => app.closeAll());

  /** A page request of `player`, as the web plugin hands it to the page's API. */
  const pageOf = (player: TestPlayer) =>
    ({
      url: '/',
      ip: '127.0.0.1',
      headers: { cookie: player.cookie, 'user-agent': 'Mozilla/5.0' },
      playerId: async () => player.id,
    }) as unknown as FastifyRequest;
  /** The in-process calls made to `path` while `run` runs. */
  async function callsTo<T>(path: string, run: () => Promise<T>): Promise<{ calls: number; result: T }> {
    const inject = vi.spyOn(app, 'inject');
    try {
      const result = await run();
      const calls = (inject.mock.calls as unknown[][]).filter((call) =>
        String((call[0] as { url?: string } | undefined)?.url).startsWith(path),
      ).length;
      return { calls, result };
    } finally {
      inject.mockRestore();
    }
  }

  it("answers a page's same read once, with each player's own accounts", async () => {
    for (const [player, euros] of [
      [eleni, 1_000],
      [nikos, 0],
    ] as const) {
      const api = pageApi(app, pageOf(player));
      const { calls, result } = await callsTo('/api/player/accounts', () =>
        Promise.all([api(endpoints.wallet.accounts, {}), api(endpoints.wallet.accounts, {})]),
      );
      expect(calls).toBe(1);
      for (const answer of result) {
        expect(answer.ok && answer.body.map((account) => [account.currency, account.amount_cents])).toEqual([
          ['EUR', euros],
        ]);
      }
    }
  });

  it('reads again after the page changed something, and sees the change', async () => {
    const api = pageApi(app, pageOf(nikos));
    const { calls, result } = await callsTo('/api/player/accounts', async () => {
      await api(endpoints.wallet.accounts, {});
      const added = await api(endpoints.wallet.switchAccount, { body: { currency: 'USD' } });
      const after = await api(endpoints.wallet.accounts, {});
      return { added, after };
    });
    expect(result.added.ok).toBe(true);
    expect(calls).toBe(3);
    expect(result.after.ok && result.after.body.find((account) => account.active)?.currency).toBe('USD');
    // Another page of the same player is its own request: it reads for itself.
    const { calls: again } = await callsTo('/api/player/accounts', () =>
      pageApi(app, pageOf(nikos))(endpoints.wallet.accounts, {}),
    );
    expect(again).toBe(1);
  });
});
