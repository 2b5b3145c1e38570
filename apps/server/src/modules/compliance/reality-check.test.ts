import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { realityCheckMinutes } from './reality-check.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'reality-check-studio-secret-0123456789';
/** The in-house studio's id (games config), which signs with STUDIO_SECRET. */
const houseStudio = 'chrysos-studio';

describe('when the reality check runs', () => {
  it('follows the licence table unless REALITY_CHECK_MINUTES sets an interval', () => {
    expect(realityCheckMinutes('estonia', undefined)).toBe(60);
    expect(realityCheckMinutes('curacao', undefined)).toBeNull();
    expect(realityCheckMinutes('malta', undefined)).toBeNull();
    expect(realityCheckMinutes('curacao', 30)).toBe(30);
    expect(realityCheckMinutes('estonia', 45)).toBe(45);
  });
});

describe.each(testDatabaseKinds)('the session summary on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret, LICENSE: 'estonia' });
  });
  afterAll(() => app.closeAll());

  const summary = (who: TestPlayer | null, since: string) =>
    app.inject({
      url: `/api/player/session_summary?since=${encodeURIComponent(since)}`,
      headers: who ? { cookie: who.cookie } : {},
    });
  const play = (player: TestPlayer) =>
    studioCalls(app, player, { studio: houseStudio, secret, gameCode: 'golden-reels' });

  it("sums the player's own stakes and wins since the session began", async () => {
    const player = await newPlayer(app, { funded: 50_000 });
    const other = await newPlayer(app, { funded: 50_000 });
    const game = await play(player);

    // Played before the session began: not counted.
    expect((await game.bet('before', 1_000)).status).toBe('RS_OK');
    const [before] = await app.database.db
      .select({ at: schema.ledgerTransactions.createdAt })
      .from(schema.ledgerTransactions)
      .where(
        and(
          eq(schema.ledgerTransactions.playerId, player.id),
          eq(schema.ledgerTransactions.idempotencyKey, 'before'),
        ),
      );
    const since = new Date((before?.at ?? new Date()).getTime() + 1).toISOString();
    // Times are read to the millisecond: the bets below are booked once the database's clock is past
    // `since`, or a bet within the same millisecond as `before` would fall before it.
    await waitUntil(async () => {
      const query = sql`select now() > ${since}::timestamptz as passed`;
      const { rows } = (await app.database.db.execute(query)) as unknown as { rows: { passed: boolean }[] };
      expect(rows[0]?.passed).toBe(true);
    });

    expect((await game.bet('b1', 500)).status).toBe('RS_OK');
    expect((await game.win('w1', 'b1', 1_250)).status).toBe('RS_OK');
    expect((await game.bet('b2', 300)).status).toBe('RS_OK');
    expect((await game.rollback('r2', 'b2')).status).toBe('RS_OK');
    expect((await game.bet('b3', 200)).status).toBe('RS_OK');
    expect((await (await play(other)).bet('o1', 4_000)).status).toBe('RS_OK');

    const answer = await summary(player, since);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      since,
      currencies: [{ currency: 'EUR', wagered_cents: 700, won_cents: 1_250 }],
    });

    const fresh = await newPlayer(app);
    expect((await summary(fresh, since)).json()).toEqual({ since, currencies: [] });
  });

  it('answers only a signed-in player, and a clear 422 for a missing, unreadable or future time', async () => {
    expect((await summary(null, new Date().toISOString())).statusCode).toBe(401);
    const player = await newPlayer(app);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const since of ['', 'yesterday', future]) {
      const answer = await summary(player, since);
      expect(answer.statusCode, since).toBe(422);
    }
    const missing = await app.inject({
      url: '/api/player/session_summary',
      headers: { cookie: player.cookie },
    });
    expect(missing.statusCode).toBe(422);
  });
});
