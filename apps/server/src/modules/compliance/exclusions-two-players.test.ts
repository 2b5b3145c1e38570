import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../platform/http-session.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const password = 'a long and private passphrase';
const hour = 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Response = Awaited<ReturnType<TestApp['inject']>>;

/**
 * Exclusions are per player (issue 31 item 2 and the guard): a player on a break, one excluded for
 * good and one with neither each meet only their own, whichever way they come in and wherever money
 * comes in.
 */
describe.each(testDatabaseKinds)('exclusions of players whose exclusions differ on %s', (kind) => {
  let app: TestApp;
  let onBreak: TestPlayer;
  let excludedForGood: TestPlayer;
  let free: TestPlayer;
  let breakEndsAt: string;

  const api = (who: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const sessionOf = (response: Response) =>
    response.cookies.find((cookie) => cookie.name === sessionCookieName && cookie.value !== '');
  /** A session made behind the sign-in's back: what the routes that take money in must not trust. */
  async function slippedSession(who: TestPlayer): Promise<TestPlayer> {
    const token = randomToken();
    await app.database.db.insert(schema.sessions).values({
      tokenHash: hashToken(token),
      playerId: who.id,
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + hour),
    });
    return { ...who, cookie: `${sessionCookieName}=${token}` };
  }

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, CAPTCHA_AFTER_FAILED_SIGN_INS: '0' });
    const withPassword = async () => {
      const player = await newPlayer(app);
      await app.database.db
        .update(schema.playerCredentials)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(schema.playerCredentials.playerId, player.id));
      return player;
    };
    [onBreak, excludedForGood, free] = [await withPassword(), await withPassword(), await withPassword()];
    const taken = await api(onBreak, 'POST', '/player/exclusions', { kind: 'timeout', period: '24h' });
    expect(taken.statusCode).toBe(201);
    breakEndsAt = taken.json().ends_at;
    expect(
      (
        await api(excludedForGood, 'POST', '/player/exclusions', {
          kind: 'self_exclusion',
          period: 'permanent',
        })
      ).statusCode,
    ).toBe(201);
  });
  afterAll(() => app.closeAll());

  /** What each player is told, in order: on a break, excluded for good, free. */
  const refusals = () => [
    { code: 'compliance.excluded_until', params: { until: breakEndsAt, kind: 'timeout' } },
    { code: 'compliance.self_excluded_permanently', params: undefined },
    null,
  ];
  const expectRefusal = (response: Response, refusal: ReturnType<typeof refusals>[number]) => {
    if (!refusal) {
      expect(response.statusCode).toBeLessThan(400);
      return;
    }
    expect(response.statusCode).toBe(403);
    expect(response.json().codes.base).toEqual([refusal.code]);
    if (refusal.params) expect(response.json().params.base).toEqual([refusal.params]);
  };

  it('signs out only the excluded players', async () => {
    for (const who of [onBreak, excludedForGood]) {
      expect((await api(who, 'GET', '/player')).statusCode).toBe(401);
    }
    expect((await api(free, 'GET', '/player')).statusCode).toBe(200);
  });

  it('refuses each excluded player sign-in with their own exclusion, and lets the other in', async () => {
    const expected = refusals();
    for (const [n, who] of [onBreak, excludedForGood, free].entries()) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: { user: { email: who.email, password } },
      });
      expectRefusal(answer, expected[n] ?? null);
      expect(Boolean(sessionOf(answer))).toBe(expected[n] === null);
    }
  });

  it('changes the password on a reset but gives a session only to the player who is not excluded', async () => {
    const expected = refusals();
    for (const [n, who] of [onBreak, excludedForGood, free].entries()) {
      const token = randomToken();
      await app.database.db
        .update(schema.playerCredentials)
        .set({ resetPasswordTokenHash: hashToken(token), resetPasswordSentAt: new Date() })
        .where(eq(schema.playerCredentials.playerId, who.id));
      const chosen = `${password} renewed ${n}`;
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: { user: { reset_password_token: token, password: chosen } },
      });
      expectRefusal(answer, expected[n] ?? null);
      expect(Boolean(sessionOf(answer))).toBe(expected[n] === null);
      const [row] = await app.database.db
        .select({ passwordHash: schema.playerCredentials.passwordHash })
        .from(schema.playerCredentials)
        .where(eq(schema.playerCredentials.playerId, who.id));
      expect(await verifyPassword(row?.passwordHash ?? null, chosen)).toBe(true);
    }
  });

  it('refuses a deposit of each excluded player even with a session, and takes the other’s', async () => {
    const expected = refusals();
    for (const [n, who] of [onBreak, excludedForGood, free].entries()) {
      const answer = await api(await slippedSession(who), 'POST', '/payments/deposits', {
        currency: 'EUR',
        amount_cents: 2_000,
        method: 'card',
      });
      expectRefusal(answer, expected[n] ?? null);
    }
    const deposits = async (who: TestPlayer) =>
      (await app.database.db.select().from(schema.payments).where(eq(schema.payments.playerId, who.id)))
        .length;
    expect([await deposits(onBreak), await deposits(excludedForGood), await deposits(free)]).toEqual([
      0, 0, 1,
    ]);
  });
});

/**
 * A deposit started before an exclusion and paid during it: the money is the player's, but the
 * promotions it would earn (its bonus code's bonus, the wheel's spin, lottery tickets) are not given,
 * while the same deposits of a player who is not excluded earn them all. The demo content: the wheel's.
 */
describe.each(testDatabaseKinds)('promotions of deposits paid during an exclusion on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(kind, {}, { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } });
  });
  afterAll(() => app.closeAll());

  const startDeposit = async (who: TestPlayer, bonusCode: string) => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie: who.cookie },
      payload: { currency: 'EUR', amount_cents: 2_000, method: 'card', bonus_code: bonusCode },
    });
    expect(started.statusCode).toBe(201);
    return started.json().redirect_url as string;
  };
  const pay = (redirectUrl: string) =>
    app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni P',
        action: 'pay',
      }).toString(),
    });

  it('gives the bonus, the spin and the tickets to the player who is not excluded only', async () => {
    const excluded = await newPlayer(app);
    const free = await newPlayer(app);
    const pages = new Map<TestPlayer, string[]>();
    for (const who of [excluded, free]) {
      pages.set(who, [await startDeposit(who, 'WELCOME'), await startDeposit(who, 'WHEEL20')]);
    }
    const taken = await app.inject({
      method: 'POST',
      url: '/api/player/exclusions',
      headers: { cookie: excluded.cookie },
      payload: { kind: 'timeout', period: '24h' },
    });
    expect(taken.statusCode).toBe(201);
    for (const page of [...pages.values()].flat()) await pay(page);
    await handlersCaughtUp(app.database.db);

    const { db } = app.database;
    const earned = async (who: TestPlayer) => ({
      real: (await app.wallet.ledger.balances(who.id, 'EUR')).real,
      bonuses: await db.$count(schema.playerBonuses, eq(schema.playerBonuses.playerId, who.id)),
      spins: await db.$count(schema.wheelSpins, eq(schema.wheelSpins.playerId, who.id)),
      tickets: await db.$count(schema.lotteryTickets, eq(schema.lotteryTickets.playerId, who.id)),
    });
    expect(await earned(excluded)).toEqual({ real: 4_000, bonuses: 0, spins: 0, tickets: 0 });
    expect(await earned(free)).toEqual({ real: 4_000, bonuses: 1, spins: 1, tickets: 2 });
  });
});
