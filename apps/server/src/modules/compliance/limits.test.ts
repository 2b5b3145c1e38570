import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { parseConfig } from '../config.ts';

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
  // A test that moved the product clock puts it back, so the next starts at the real time.
  afterEach(() => app.clock.moveTo(new Date()));

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

  /** The product clock moved to `at` (what TEST_CLOCK's PUT /api/test/clock does). */
  const moveClockTo = (at: Date | string) => app.clock.moveTo(new Date(at));
  /** The product clock moved past a pending change's 24 hours. */
  const passCoolingOff = () => moveClockTo(new Date(app.clock.now().getTime() + 24 * hour + 60_000));

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

    // Asked again, and 24 hours pass on the product clock: the raise applies then, not a minute before.
    const asked = (
      await api(player, 'PUT', '/player/limits', {
        kind: 'deposit',
        period: 'day',
        currency: 'EUR',
        amount: 10_000,
      })
    ).json();
    const due = new Date(asked.effective_at).getTime();
    moveClockTo(new Date(due - 60_000));
    expect((await limitsOf(player)).limits).toEqual([
      expect.objectContaining({ amount: 5_000, pending_amount: 10_000, effective_at: asked.effective_at }),
    ]);
    expect((await deposit(player, 6_000)).statusCode).toBe(422);
    moveClockTo(new Date(due + 60_000));
    expect((await limitsOf(player)).limits).toEqual([
      expect.objectContaining({
        amount: 10_000,
        pending_amount: null,
        effective_at: null,
        remaining: 10_000,
      }),
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
    passCoolingOff();
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
    await expect(bet('direct-2', 500)).rejects.toThrow('stake over the player limit');
    passCoolingOff();
    expect((await game.bet('s6', 500)).status).toBe('RS_OK');
    expect((await bet('direct-3', 500)).status).toBe('booked');
  });

  it('counts a window back from the product clock: a day later the stakes and deposits of the day before are out of it', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    await api(player, 'PUT', '/player/limits', {
      kind: 'loss',
      period: 'day',
      currency: 'EUR',
      amount: 1_000,
    });
    await api(player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 5_000,
    });
    const game = await studioCalls(app, player, { studio: houseStudio, secret, gameCode: 'golden-reels' });
    expect((await game.bet('d1', 800)).status).toBe('RS_OK');
    expect((await game.bet('d2', 300)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await deposit(player, 4_000)).statusCode).toBe(201);
    expect((await deposit(player, 2_000)).statusCode).toBe(422);
    // 23 hours on, all of it is still in the last 24 hours.
    moveClockTo(new Date(Date.now() + 23 * hour));
    expect((await game.bet('d3', 300)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await deposit(player, 2_000)).statusCode).toBe(422);
    // 24 hours and a minute on, none of it is.
    moveClockTo(new Date(Date.now() + 24 * hour + 60_000));
    const limits = (await limitsOf(player)).limits;
    expect(limits).toHaveLength(2);
    expect(limits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'loss', used: 0, remaining: 1_000 }),
        expect.objectContaining({ kind: 'deposit', used: 0, remaining: 5_000 }),
      ]),
    );
    expect((await game.bet('d4', 300)).status).toBe('RS_OK');
    expect((await deposit(player, 2_000)).statusCode).toBe(201);
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
    const [session] = await app.database.db
      .select({ createdAt: schema.sessions.createdAt })
      .from(schema.sessions)
      .where(eq(schema.sessions.playerId, player.id));
    const started = session?.createdAt.getTime() ?? 0;
    // 59 minutes later on the product clock: still on, one minute left.
    moveClockTo(new Date(started + 59 * 60_000 + 30_000));
    expect((await limitsOf(player)).limits).toEqual([expect.objectContaining({ used: 59, remaining: 1 })]);
    // At 60 minutes it is over, and the refusal says why, in the player's language.
    moveClockTo(new Date(started + 60 * 60_000));
    const ended = await api(player, 'GET', '/player/limits');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({
      errors: {
        base: [
          'Your session reached your session-time limit of 60 minutes. Sign in again to start a new session.',
        ],
      },
      codes: { base: ['compliance.session_limit'] },
      params: { base: [{ minutes: 60 }] },
    });
    const greek = await app.inject({
      method: 'PUT',
      url: '/api/player/limits',
      headers: { cookie: player.cookie, 'accept-language': 'el' },
      payload: { kind: 'session', period: 'session', amount: 30 },
    });
    expect(greek.statusCode).toBe(401);
    expect(greek.json().errors.base).toEqual([
      'Η συνεδρία σας έφτασε το όριο χρόνου των 60 λεπτών που ορίσατε. Συνδεθείτε ξανά για να ξεκινήσετε νέα συνεδρία.',
    ]);
    // Removing the limit does not bring that session back; it still says why it ended.
    await app.database.db.delete(schema.playerLimits).where(eq(schema.playerLimits.playerId, player.id));
    expect((await api(player, 'GET', '/player/limits')).json().codes).toEqual({
      base: ['compliance.session_limit'],
    });
  });

  it('answers a session that ended otherwise (signed out) with the plain sign-in refusal', async () => {
    const player = await newPlayer(app);
    await api(player, 'PUT', '/player/limits', { kind: 'session', period: 'session', amount: 60 });
    const signedOut = await app.inject({
      method: 'DELETE',
      url: '/api/users/sign_out',
      headers: { cookie: player.cookie },
    });
    expect(signedOut.statusCode).toBeLessThan(300);
    moveClockTo(new Date(Date.now() + 2 * hour));
    expect((await api(player, 'GET', '/player/limits')).json().codes).toEqual({
      base: ['auth.sign_in_required'],
    });
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

/**
 * Two instances of the app on one PostgreSQL database: a limit set, lowered or ended through one holds on
 * the other at once, for deposits (the cashier), bets (the wallet, at bet time) and the sign-in session.
 */
describeOnPostgres('limits across two instances', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  const instances: { app: App; database: Database }[] = [];

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    await shared.migrate();
    for (const _ of [0, 1]) {
      const database = await createDatabase({ url: shared.url, poolSize: 4 });
      const app = await buildApp({
        config: parseConfig({ NODE_ENV: 'test', CONTENT_DIR: fixtures, STUDIO_SECRET: secret }),
        database,
        web: false,
        logger: false,
      });
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.close();
  });

  const on = (
    app: App,
    who: TestPlayer,
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const deposit = (app: App, player: TestPlayer, amount: number) =>
    on(app, player, 'POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' });

  it('refuses a deposit over a limit set on the other instance, at once', async () => {
    const [one, two] = instances.map((instance) => instance.app) as [App, App];
    const player = await newPlayer(one as TestApp);
    // Instance two has seen the player without a limit: a deposit it takes first.
    expect((await deposit(two, player, 3_000)).statusCode).toBe(201);
    const set = await on(one, player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 5_000,
    });
    expect(set.json()).toMatchObject({ amount: 5_000, used: 3_000, remaining: 2_000 });
    const refused = await deposit(two, player, 2_500);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      codes: { amount_cents: ['compliance.deposit_limit'] },
      params: { amount_cents: [{ remaining: 2_000, currency: 'EUR' }] },
    });
    // Lowered on two, refused on one.
    await on(two, player, 'PUT', '/player/limits', {
      kind: 'deposit',
      period: 'day',
      currency: 'EUR',
      amount: 4_000,
    });
    expect((await deposit(one, player, 1_500)).json()).toMatchObject({
      params: { amount_cents: [{ remaining: 1_000, currency: 'EUR' }] },
    });
    expect((await deposit(one, player, 1_000)).statusCode).toBe(201);
  });

  it('refuses a bet over a loss or wager limit set on the other instance, at once', async () => {
    const [one, two] = instances.map((instance) => instance.app) as [App, App];
    const player = await newPlayer(one as TestApp, { funded: 10_000 });
    const game = await studioCalls(two, player, { studio: houseStudio, secret, gameCode: 'golden-reels' });
    expect((await game.bet('x1', 600)).status).toBe('RS_OK');
    await on(one, player, 'PUT', '/player/limits', {
      kind: 'loss',
      period: 'week',
      currency: 'EUR',
      amount: 1_000,
    });
    expect(await game.bet('x2', 500)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 9_400 });
    expect((await game.bet('x3', 400)).status).toBe('RS_OK');
    // A wager limit set on two holds on one's own booking path too.
    await on(two, player, 'PUT', '/player/limits', {
      kind: 'wager',
      period: 'day',
      currency: 'EUR',
      amount: 1_000,
    });
    const direct = { playerId: player.id, currency: 'EUR', gameCode: 'golden-reels' };
    await expect(one.wallet.bet({ ...direct, key: 'x4', round: 'x4', amount: 1 })).rejects.toThrow(
      'stake over the player limit',
    );
  });

  it('ends the sign-in session on the other instance once it reaches a session limit set on one', async () => {
    const [one, two] = instances.map((instance) => instance.app) as [App, App];
    const player = await newPlayer(one as TestApp);
    await one.database.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - interval '45 minutes'` })
      .where(eq(schema.sessions.playerId, player.id));
    expect((await on(two, player, 'GET', '/player/limits')).statusCode).toBe(200);
    await on(one, player, 'PUT', '/player/limits', { kind: 'session', period: 'session', amount: 30 });
    expect((await on(two, player, 'GET', '/player/limits')).statusCode).toBe(401);
  });
});
