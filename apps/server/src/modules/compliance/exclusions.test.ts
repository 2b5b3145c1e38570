import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { automationActor } from '../../testing/operators.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { parseConfig } from '../config.ts';
import { queuePlayerPush } from '../notifications/public.ts';
import { liftExclusion } from './lift-exclusion.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-exclusion-tests-0123456789';
const secret = 'exclusions-studio-secret-0123456789abcdef';
const password = 'a long and private passphrase';
const hour = 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A player who can sign in with a password (the factory's players have none). */
async function withPassword(app: TestApp, player: TestPlayer): Promise<TestPlayer> {
  await app.database.db
    .update(schema.playerCredentials)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(schema.playerCredentials.playerId, player.id));
  return player;
}

/** The Cookie header of another signed-in browser of the player. */
async function anotherSession(app: App, player: TestPlayer): Promise<string> {
  const token = randomToken();
  await app.database.db.insert(schema.sessions).values({
    tokenHash: hashToken(token),
    playerId: player.id,
    ip: '127.0.0.1',
    expiresAt: new Date(Date.now() + hour),
  });
  return `${sessionCookieName}=${token}`;
}

const signIn = (app: App, email: string, language = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/users/sign_in',
    headers: { 'accept-language': language },
    payload: { user: { email, password } },
  });

const api = (
  app: App,
  who: TestPlayer | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: { ...(who ? { cookie: who.cookie } : {}), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

/** Moves an exclusion's times into the past, as if `hours` had gone by since it began. */
async function agedBy(app: TestApp, id: string, hours: number) {
  const e = schema.playerExclusions;
  const shift = sql.raw(`interval '${hours} hours'`);
  await app.database.db
    .update(e)
    .set({
      startsAt: sql`${e.startsAt} - ${shift}`,
      endsAt: sql`${e.endsAt} - ${shift}`,
      liftRequestedAt: sql`${e.liftRequestedAt} - ${shift}`,
    })
    .where(eq(e.id, id));
}

describe.each(testDatabaseKinds)('time-outs and self-exclusions on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, OPERATOR_API_TOKEN: operatorToken, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());
  // A test that moved the product clock puts it back, so the next starts at the real time.
  afterEach(() => app.clock.moveTo(new Date()));

  it('takes a 24-hour break: signed out everywhere, games closed, sign-in refused with its end', async () => {
    const player = await withPassword(app, await newPlayer(app, { funded: 5_000 }));
    const otherDevice = await anotherSession(app, player);
    expect(
      (await app.inject({ url: '/api/player/exclusions', headers: { cookie: otherDevice } })).statusCode,
    ).toBe(200);
    const game = await studioCalls(app, player, { secret, gameCode: 'golden-reels' });
    expect((await game.bet('before-break', 100)).status).toBe('RS_OK');

    const taken = await api(app, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '24h' });
    expect(taken.statusCode).toBe(201);
    const exclusion = taken.json();
    expect(exclusion).toMatchObject({ kind: 'timeout', period: '24h', source: 'player', state: 'active' });
    expect(Date.parse(exclusion.ends_at) - Date.parse(exclusion.starts_at)).toBe(24 * hour);
    // This browser's cookie is cleared, and no session of the player works any more.
    expect(taken.cookies.find((cookie) => cookie.name === player.cookie.split('=')[0])?.value).toBe('');
    expect((await api(app, player, 'GET', '/player/exclusions')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/player/exclusions', headers: { cookie: otherDevice } })).statusCode,
    ).toBe(401);
    // The open game can no longer bet; its session has ended.
    expect((await game.bet('after-break', 100)).status).toBe('RS_ERROR_TOKEN_EXPIRED');

    const refused = await signIn(app, player.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes.base).toEqual(['compliance.excluded_until']);
    expect(refused.json().params.base[0]).toMatchObject({ until: exclusion.ends_at, kind: 'timeout' });
    expect(refused.json().errors.base[0]).toContain(exclusion.ends_at);
    expect(refused.cookies).toEqual([]);
    // A wrong password learns nothing of the break.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email: player.email, password: 'not the passphrase' } },
    });
    expect(wrong.json().codes.base).toEqual(['auth.invalid_credentials']);
  });

  it('self-excludes for good: never lifted, sign-in refused as permanent', async () => {
    const player = await withPassword(app, await newPlayer(app));
    const taken = await api(app, player, 'POST', '/player/exclusions', {
      kind: 'self_exclusion',
      period: 'permanent',
    });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ kind: 'self_exclusion', ends_at: null, state: 'active' });
    const refused = await signIn(app, player.email, 'el');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes.base).toEqual(['compliance.self_excluded_permanently']);
    expect(refused.json().errors.base[0]).toContain('οριστικά');
  });

  it('refuses a period the kind does not offer, and a visitor', async () => {
    const player = await newPlayer(app);
    for (const body of [
      { kind: 'timeout', period: '6m' },
      { kind: 'self_exclusion', period: '24h' },
    ]) {
      const refused = await api(app, player, 'POST', '/player/exclusions', body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().codes.period).toEqual(['compliance.period_not_offered']);
    }
    expect(
      (await api(app, player, 'POST', '/player/exclusions', { kind: 'break', period: '24h' })).statusCode,
    ).toBe(422);
    expect(
      (await api(app, null, 'POST', '/player/exclusions', { kind: 'timeout', period: '24h' })).statusCode,
    ).toBe(401);
    // Nothing was taken: the player is still signed in.
    expect((await api(app, player, 'GET', '/player/exclusions')).json()).toEqual([]);
  });

  it('forfeits the running bonus of the player who takes it, and keeps their real money', async () => {
    // Two players with the welcome bonus running; only the first takes a self-exclusion.
    const excluded = await newPlayer(app);
    const other = await newPlayer(app);
    for (const player of [excluded, other]) {
      const started = await api(app, player, 'POST', '/payments/deposits', {
        currency: 'EUR',
        amount_cents: 10_000,
        method: 'card',
        bonus_code: 'WELCOME',
      });
      await app.inject({
        method: 'POST',
        url: started.json().redirect_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
          name: 'Eleni P',
          action: 'pay',
        }).toString(),
      });
    }
    const stageOf = async (player: { id: string }) => {
      const view = await app.inject({
        url: `/api/operator/players/${player.id}/bonuses`,
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      return view.json().bonuses[0]?.stage;
    };
    await waitUntil(async () => {
      expect(await stageOf(excluded)).toBe('activated');
      expect(await stageOf(other)).toBe('activated');
    });
    const taken = await api(app, excluded, 'POST', '/player/exclusions', {
      kind: 'self_exclusion',
      period: '6m',
    });
    expect(taken.statusCode).toBe(201);
    expect(await stageOf(excluded)).toBe('forfeited');
    const balances = await app.wallet.ledger.balances(excluded.id, 'EUR');
    expect(balances.bonus).toBe(0);
    expect(balances.real).toBeGreaterThan(0);
    // The other player's bonus and bonus money are untouched.
    expect(await stageOf(other)).toBe('activated');
    expect((await app.wallet.ledger.balances(other.id, 'EUR')).bonus).toBeGreaterThan(0);
  });

  it('leaves a pending withdrawal to be paid', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const withdrawal = await api(app, player, 'POST', '/payments/withdrawals', {
      currency: 'EUR',
      amount_cents: 2_000,
      method: 'card',
    });
    expect(withdrawal.statusCode).toBe(201);
    const statusOf = async () =>
      (
        await app.database.db
          .select({ status: schema.payments.status })
          .from(schema.payments)
          .where(eq(schema.payments.id, withdrawal.json().id))
      )[0]?.status;
    const before = await statusOf();
    expect(
      (await api(app, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '24h' })).statusCode,
    ).toBe(201);
    expect(await statusOf()).toBe(before);
    expect((await app.wallet.ledger.balances(player.id, 'EUR')).held).toBe(2_000);
  });

  it('queues no promotional push to an excluded player, but their money pushes still', async () => {
    const player = await newPlayer(app);
    const neighbour = await newPlayer(app);
    for (const who of [player, neighbour]) {
      await app.database.db.insert(schema.pushSubscriptions).values({
        playerId: who.id,
        endpoint: `https://fcm.googleapis.com/fcm/send/${who.id}`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      });
    }
    expect(
      (await api(app, player, 'POST', '/player/exclusions', { kind: 'self_exclusion', period: '1y' }))
        .statusCode,
    ).toBe(201);
    const promotional = () => ({
      title: 'VIP evening',
      body: 'Double points',
      url: '/',
      tag: 'vip-evening',
      kind: 'promotional' as const,
    });
    const transactional = () => ({
      title: 'Deposit',
      body: '€10 arrived',
      url: '/',
      tag: 'deposit',
      kind: 'transactional' as const,
    });
    const { db } = app.database;
    expect(await queuePlayerPush(app, db, player.id, promotional)).toBe(0);
    expect(await queuePlayerPush(app, db, neighbour.id, promotional)).toBe(1);
    expect(await queuePlayerPush(app, db, player.id, transactional)).toBe(1);
  });

  it('is not lifted before its end; after it, lifted by a second confirmation a day later', async () => {
    const player = await withPassword(app, await newPlayer(app));
    const taken = (
      await api(app, player, 'POST', '/player/exclusions', { kind: 'self_exclusion', period: '6m' })
    ).json();
    // Another browser of the player, signed in before the exclusion, lost its session with it; a new
    // one (as if the player had come back after the end) asks to lift it too early.
    const back = async () => {
      expect((await signIn(app, player.email)).statusCode).not.toBe(403);
      return { ...player, cookie: await anotherSession(app, player) };
    };
    expect((await signIn(app, player.email)).statusCode).toBe(403);
    await agedBy(app, taken.id, 24 * 30 * 5);
    expect((await signIn(app, player.email)).json().codes.base).toEqual(['compliance.excluded_until']);
    const early = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${player.id}/exclusions`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { kind: 'timeout', period: '1w', reason: 'Asked by phone to stop for a week' },
    });
    expect(early.statusCode).toBe(201);
    expect(early.json()).toMatchObject({ source: 'operator', kind: 'timeout' });

    // Six months and a day later both have ended: sign-in works, the exclusion waits to be lifted.
    await agedBy(app, taken.id, 24 * 40);
    await agedBy(app, early.json().id, 24 * 8);
    const returning = await back();
    // Back, but real-money play stays closed until it is lifted.
    const launch = () =>
      api(
        app,
        returning,
        'GET',
        '/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=en',
      );
    const closed = await launch();
    expect(closed.statusCode).toBe(403);
    expect(closed.json().codes.game).toEqual(['compliance.play_closed']);
    const list = (await api(app, returning, 'GET', '/player/exclusions')).json();
    expect(list.map((x: { state: string }) => x.state)).toEqual(['ended', 'ended']);
    const asked = await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().state).toBe('cooling_off');
    const tooSoon = await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().codes.base).toEqual(['compliance.cooling_off']);
    expect(tooSoon.json().params.base[0].until).toBe(asked.json().liftable_at);
    await agedBy(app, taken.id, 25);
    const lifted = await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`);
    expect(lifted.json()).toMatchObject({ state: 'lifted' });
    // Each step is in the audit trail, with who did it.
    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(schema.complianceAuditLog.id);
    expect(trail).toEqual([
      { actor: `player:${player.id}`, action: 'self_exclusion.taken' },
      { actor: await automationActor(app), action: 'break.taken' },
      { actor: `player:${player.id}`, action: 'exclusion.lift_requested' },
      { actor: `player:${player.id}`, action: 'exclusion.lifted' },
    ]);
    expect(lifted.json().lifted_at).not.toBeNull();
    // Another player's exclusion is not theirs to lift.
    const stranger = await newPlayer(app);
    expect((await api(app, stranger, 'POST', `/player/exclusions/${early.json().id}/lift`)).statusCode).toBe(
      404,
    );
    // The break the operator set is still to be lifted; once it is too, play opens again.
    expect((await launch()).statusCode).toBe(403);
    await api(app, returning, 'POST', `/player/exclusions/${early.json().id}/lift`);
    await agedBy(app, early.json().id, 25);
    await api(app, returning, 'POST', `/player/exclusions/${early.json().id}/lift`);
    expect((await launch()).statusCode).toBe(200);
  });

  it('ends a break and its cooling-off on the product clock, to the minute', async () => {
    const player = await withPassword(app, await newPlayer(app));
    const taken = (
      await api(app, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '24h' })
    ).json();
    const ends = Date.parse(taken.ends_at);
    app.clock.moveTo(new Date(ends - 60_000));
    expect((await signIn(app, player.email)).json().codes.base).toEqual(['compliance.excluded_until']);
    app.clock.moveTo(new Date(ends + 60_000));
    const back = await signIn(app, player.email);
    expect(back.statusCode).toBe(200);
    const session = back.cookies.find((cookie) => cookie.name === sessionCookieName);
    const returning = { ...player, cookie: `${sessionCookieName}=${session?.value}` };
    const list = (await api(app, returning, 'GET', '/player/exclusions')).json();
    expect(list).toEqual([expect.objectContaining({ id: taken.id, state: 'ended' })]);
    const asked = (await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`)).json();
    expect(asked).toMatchObject({ state: 'cooling_off' });
    const liftable = Date.parse(asked.liftable_at);
    expect(liftable - Date.parse(asked.lift_requested_at)).toBe(24 * hour);
    expect(Math.abs(Date.parse(asked.lift_requested_at) - (ends + 60_000))).toBeLessThan(60_000);
    app.clock.moveTo(new Date(liftable - 60_000));
    const early = await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`);
    expect(early.json().codes.base).toEqual(['compliance.cooling_off']);
    app.clock.moveTo(new Date(liftable + 60_000));
    const lifted = await api(app, returning, 'POST', `/player/exclusions/${taken.id}/lift`);
    expect(lifted.json()).toMatchObject({ state: 'lifted' });
  });

  it('refuses to lift a break before it ends, naming the end', async () => {
    const player = await newPlayer(app);
    const taken = (
      await api(app, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '72h' })
    ).json();
    // The player is signed out; the refusal is the domain's, whoever asks.
    await expect(
      liftExclusion(app.database.db, 24 * hour, player.id, taken.id, new Date()),
    ).rejects.toMatchObject({
      problems: [{ code: 'compliance.exclusion_not_ended', params: { until: taken.ends_at } }],
    });
  });

  it('shows the operator a player’s exclusions, behind the operator token', async () => {
    const player = await newPlayer(app);
    await api(app, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '2w' });
    const operator = (method: 'GET' | 'POST', url: string, authorization: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/operator${url}`,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      });
    const seen = await operator('GET', `/players/${player.id}/exclusions`, `Bearer ${operatorToken}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toHaveLength(1);
    expect(seen.json()[0]).toMatchObject({ kind: 'timeout', period: '2w', state: 'active' });
    expect((await operator('GET', `/players/${player.id}/exclusions`, 'Bearer wrong')).statusCode).toBe(401);
    expect(
      (
        await operator(
          'GET',
          '/players/00000000-0000-4000-8000-000000000000/exclusions',
          `Bearer ${operatorToken}`,
        )
      ).statusCode,
    ).toBe(404);
    const bad = await operator('POST', `/players/${player.id}/exclusions`, `Bearer ${operatorToken}`, {
      kind: 'self_exclusion',
      period: '6m',
    });
    expect(bad.statusCode).toBe(422);
  });
});

/**
 * Two instances of the app on one PostgreSQL database: an exclusion taken through one refuses the
 * player's session on the other at once, and sign-in on either.
 */
describeOnPostgres('an exclusion across two instances', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  const instances: { app: App; database: Database }[] = [];

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    await shared.migrate();
    for (const _ of [0, 1]) {
      const database = await createDatabase({ url: shared.url, poolSize: 4 });
      const app = await buildApp({
        config: parseConfig({ NODE_ENV: 'test', CONTENT_DIR: fixtures }),
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

  it('refuses the session on the other instance at once', async () => {
    const [one, two] = instances.map((instance) => instance.app) as [App, App];
    const player = await withPassword(one as TestApp, await newPlayer(one as TestApp));
    expect((await api(two, player, 'GET', '/player/exclusions')).statusCode).toBe(200);
    expect(
      (await api(one, player, 'POST', '/player/exclusions', { kind: 'timeout', period: '48h' })).statusCode,
    ).toBe(201);
    expect((await api(two, player, 'GET', '/player/exclusions')).statusCode).toBe(401);
    expect((await signIn(two, player.email)).json().codes.base).toEqual(['compliance.excluded_until']);
  });
});
