import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'limits-studio-secret-0123456789abcdef';
/** The in-house studio's name (games config), which plays with STUDIO_SECRET. */
const houseStudio = 'chrysos-studio';
const hour = 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

describe.each(testDatabaseKinds)('player limits on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  const api = (
    who: TestPlayer | null,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(who ? { cookie: who.cookie } : {}), 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const deposit = (player: TestPlayer, amount: number) =>
    api(player, 'POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' });

  /** As if the pending change was asked for 24 hours ago: its effective_at is now past. */
  const passCoolingOff = (player: TestPlayer) =>
    app.database.db
      .update(schema.playerLimits)
      .set({ effectiveAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.playerLimits.playerId, player.id));

  const limitsOf = async (player: TestPlayer) => (await api(player, 'GET', '/player/limits')).json();

  it('refuses a deposit over a weekly deposit limit with what is left, and says so in the limits', async () => {
    const player = await newPlayer(app);
    const set = await api(player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
      amount: 5_000,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ amount: 5_000, used: 0, remaining: 5_000, pending_amount: null });

    expect((await deposit(player, 4_000)).statusCode).toBe(201);
    const refused = await deposit(player, 2_000);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      codes: { amount_cents: ['compliance.deposit_limit'] },
      params: { amount_cents: [{ remaining: 1_000, currency: 'EUR' }] },
    });
    expect((await limitsOf(player)).limits).toEqual([
      expect.objectContaining({ kind: 'deposit', period: 'week', used: 4_000, remaining: 1_000 }),
    ]);
    expect((await deposit(player, 1_000)).statusCode).toBe(201);
  });

  it('raises a limit after 24 hours only, pending until then; the pending raise can be cancelled', async () => {
    const player = await newPlayer(app);
    await api(player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 5_000,
    });
    const before = Date.now();
    const raised = (
      await api(player, 'PUT', '/player/limits', {
        kind: 'deposit',
        period: 'day',
        currency: 'EUR',
        amount: 10_000,
      })
    ).json();
    expect(raised).toMatchObject({ amount: 5_000, pending_amount: 10_000, pending_removal: false });
    const applies = new Date(raised.effective_at).getTime();
    expect(applies).toBeGreaterThanOrEqual(before + 24 * hour - 1_000);
    expect(applies).toBeLessThanOrEqual(Date.now() + 24 * hour);
    // Still the old limit meanwhile.
    expect((await deposit(player, 6_000)).statusCode).toBe(422);

    const cancelled = await api(player, 'DELETE', '/player/limits/deposit/day/pending?currency=EUR');
    expect(cancelled.json()).toMatchObject({ amount: 5_000, pending_amount: null, effective_at: null });
    expect((await api(player, 'DELETE', '/player/limits/deposit/day/pending?currency=EUR')).statusCode).toBe(
      404,
    );

    // Asked again, and 24 hours pass: the raise applies.
    await api(player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 10_000,
    });
    await passCoolingOff(player);
    expect((await limitsOf(player)).limits).toEqual([
      expect.objectContaining({ amount: 10_000, pending_amount: null, remaining: 10_000 }),
    ]);
    expect((await deposit(player, 6_000)).statusCode).toBe(201);
  });

  it('writes each change to the audit trail: who, what and from where', async () => {
    const player = await newPlayer(app);
    const body = { kind: 'loss', period: 'week', currency: 'EUR' };
    await api(player, 'PUT', '/player/limits', { ...body, amount: 5_000 });
    await api(player, 'PUT', '/player/limits', { ...body, amount: 9_000 });
    await api(player, 'DELETE', '/player/limits/loss/week/pending?currency=EUR');
    await api(player, 'PUT', '/player/limits', { ...body, amount: 2_000 });
    await api(player, 'DELETE', '/player/limits/loss/week?currency=EUR');
    const rows = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(schema.complianceAuditLog.id);
    expect(rows.map((row) => row.action)).toEqual([
      'limit.set',
      'limit.raise_requested',
      'limit.pending_cancelled',
      'limit.lowered',
      'limit.removal_requested',
    ]);
    expect(rows[1]).toMatchObject({
      actor: `player:${player.id}`,
      ip: '127.0.0.1',
      details: expect.objectContaining({
        kind: 'loss',
        period: 'week',
        amount: 5_000,
        pending_amount: 9_000,
      }),
    });
  });

  it('lowers a limit at once, dropping a pending raise', async () => {
    const player = await newPlayer(app);
    await api(player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'month',
      currency: 'EUR',
      amount: 50_000,
    });
    await api(player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'month',
      currency: 'EUR',
      amount: 90_000,
    });
    const lowered = await api(player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'month',
      currency: 'EUR',
      amount: 20_000,
    });
    expect(lowered.json()).toMatchObject({ amount: 20_000, pending_amount: null, effective_at: null });
  });

  it('removes a limit after 24 hours, cancellable meanwhile', async () => {
    const player = await newPlayer(app);
    await api(player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
      amount: 1_000,
    });
    const removing = (await api(player, 'DELETE', '/player/limits/deposit/week?currency=EUR')).json();
    expect(removing).toMatchObject({ amount: 1_000, pending_removal: true });
    expect((await deposit(player, 2_000)).statusCode).toBe(422);
    await api(player, 'DELETE', '/player/limits/deposit/week/pending?currency=EUR');
    expect((await limitsOf(player)).limits).toEqual([expect.objectContaining({ pending_removal: false })]);

    await api(player, 'DELETE', '/player/limits/deposit/week?currency=EUR');
    await passCoolingOff(player);
    expect((await limitsOf(player)).limits).toEqual([]);
    expect((await deposit(player, 2_000)).statusCode).toBe(201);
    expect((await api(player, 'DELETE', '/player/limits/deposit/week?currency=EUR')).statusCode).toBe(404);
  });

  it('refuses what it cannot take, each with its reason, and only for a signed-in player', async () => {
    const player = await newPlayer(app);
    const put = (body: object) => api(player, 'PUT', '/player/limits', body);
    const session = await put({ kind: 'session', period: 'week', amount: 60 });
    expect(session.statusCode).toBe(422);
    expect(session.json().codes).toEqual({ period: ['compliance.limit_not_offered'] });
    const money = await put({ kind: 'loss', period: 'session', currency: 'EUR', amount: 60 });
    expect(money.json().codes).toEqual({ period: ['compliance.limit_not_offered'] });
    const foreign = await put({ kind: 'loss', period: 'day', currency: 'USD', amount: 1_000 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().codes).toEqual({ currency: ['compliance.limit_currency'] });
    expect((await put({ kind: 'loss', period: 'day', amount: 1_000 })).statusCode).toBe(422);
    expect((await put({ kind: 'loss', period: 'day', currency: 'EUR', amount: 0 })).statusCode).toBe(422);
    expect((await put({ kind: 'bets', period: 'day', currency: 'EUR', amount: 10 })).statusCode).toBe(422);
    expect((await api(null, 'GET', '/player/limits')).statusCode).toBe(401);
    expect(
      (await api(null, 'PUT', '/player/limits', { kind: 'deposit', period: 'day', amount: 1 })).statusCode,
    ).toBe(401);
    // Another player's limits are not this player's.
    const other = await newPlayer(app);
    await api(other, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 1_000,
    });
    expect((await limitsOf(player)).limits).toEqual([]);
  });

  it('offers what the licence table offers', async () => {
    const player = await newPlayer(app);
    const limits = await limitsOf(player);
    expect(limits.options).toEqual([
      { kind: 'deposit', periods: ['day', 'week', 'month'] },
      { kind: 'loss', periods: ['day', 'week', 'month'] },
      { kind: 'wager', periods: ['day', 'week', 'month'] },
      { kind: 'session', periods: ['session'] },
    ]);
    expect(limits.offered_before_first_deposit).toBe(false);
  });

  it('refuses the bet that would cross a daily loss limit at bet time (wallet protocol), counting winnings', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    await api(player, 'PUT', '/player/limits', {
      kind: 'loss',
      period: 'day',
      currency: 'EUR',
      amount: 1_000,
    });
    const game = await studioCalls(app, player, { studio: houseStudio, secret, gameCode: 'golden-reels' });
    expect((await game.bet('b1', 600)).status).toBe('RS_OK');
    const refused = await game.bet('b2', 500);
    expect(refused).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 9_400 });
    // A win takes the loss down: 600 staked, 300 won back.
    expect((await game.win('w1', 'b1', 300)).status).toBe('RS_OK');
    expect((await game.bet('b3', 500)).status).toBe('RS_OK');
    expect((await game.bet('b4', 300)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await game.bet('b5', 200)).status).toBe('RS_OK');
    // The refused bets moved nothing.
    const refusedRows = await app.database.db
      .select()
      .from(schema.ledgerTransactions)
      .where(
        and(eq(schema.ledgerTransactions.playerId, player.id), eq(schema.ledgerTransactions.kind, 'bet')),
      );
    expect(refusedRows.map((row) => row.amount).sort()).toEqual([200, 500, 600]);
    expect((await limitsOf(player)).limits).toEqual([
      expect.objectContaining({ kind: 'loss', used: 1_000, remaining: 0 }),
    ]);
  });

  it('refuses a stake over a wager limit on the single booking path too, and a rollback gives the room back', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    await api(player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'week',
      currency: 'EUR',
      amount: 1_000,
    });
    const game = await studioCalls(app, player, { studio: houseStudio, secret, gameCode: 'golden-reels' });
    expect((await game.bet('s1', 800)).status).toBe('RS_OK');
    const bet = (key: string, amount: number) =>
      app.wallet.bet({
        key,
        playerId: player.id,
        currency: 'EUR',
        amount,
        round: key,
        gameCode: 'golden-reels',
      });
    await expect(bet('direct-1', 300)).rejects.toThrow('stake over the player limit');
    // Winnings do not give wagering room back; a rollback does.
    expect((await game.win('sw1', 's1', 2_000)).status).toBe('RS_OK');
    expect((await game.bet('s2', 300)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await game.bet('s3', 200)).status).toBe('RS_OK');
    expect((await game.rollback('r3', 's3')).status).toBe('RS_OK');
    expect((await game.bet('s4', 200)).status).toBe('RS_OK');
    // A raise waits its 24 hours, then the wallet takes it too.
    await api(player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'week',
      currency: 'EUR',
      amount: 5_000,
    });
    expect((await game.bet('s5', 500)).status).toBe('RS_ERROR_LIMIT_REACHED');
    await passCoolingOff(player);
    expect((await game.bet('s6', 500)).status).toBe('RS_OK');
  });

  it('ends a sign-in session once it has lasted the session-time limit, for good', async () => {
    const player = await newPlayer(app);
    const set = await api(player, 'PUT', '/player/limits', {
      kind: 'session',
      period: 'session',
      amount: 60,
    });
    expect(set.json()).toMatchObject({ kind: 'session', currency: null, amount: 60, remaining: 60 });
    expect((await api(player, 'GET', '/player/limits')).statusCode).toBe(200);
    // The session started 59 minutes ago: still on, one minute left.
    const sessions = schema.sessions;
    await app.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '59 minutes'` })
      .where(eq(sessions.playerId, player.id));
    expect((await limitsOf(player)).limits).toEqual([expect.objectContaining({ used: 59, remaining: 1 })]);
    // At 60 minutes it is over.
    await app.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '60 minutes'` })
      .where(eq(sessions.playerId, player.id));
    expect((await api(player, 'GET', '/player/limits')).statusCode).toBe(401);
    // Removing the limit does not bring that session back.
    await app.database.db.delete(schema.playerLimits).where(eq(schema.playerLimits.playerId, player.id));
    expect((await api(player, 'GET', '/player/limits')).statusCode).toBe(401);
  });
});

describeOnPostgres('a wager limit under concurrent bets', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('postgres', { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  it('lets exactly as many concurrent bets through as the limit holds', async () => {
    const player = await newPlayer(app, { funded: 100_000 });
    const set = await app.inject({
      method: 'PUT',
      url: '/api/player/limits',
      headers: { cookie: player.cookie },
      payload: { kind: 'wager', period: 'day', currency: 'EUR', amount: 1_000 },
    });
    expect(set.statusCode).toBe(200);
    const games = await Promise.all(
      Array.from({ length: 4 }, () =>
        studioCalls(app, player, { studio: houseStudio, secret, gameCode: 'golden-reels' }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, at) =>
        (games[at % games.length] as (typeof games)[number]).bet(`c${at}`, 200),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(5);
    expect(statuses.filter((status) => status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(7);
    const [staked] = await app.database.db
      .select({ total: sql<string>`sum(${schema.ledgerTransactions.amount})` })
      .from(schema.ledgerTransactions)
      .where(
        and(eq(schema.ledgerTransactions.playerId, player.id), eq(schema.ledgerTransactions.kind, 'bet')),
      );
    expect(Number(staked?.total)).toBe(1_000);
  });
});
