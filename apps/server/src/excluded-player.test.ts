import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { sessionCookieName } from './platform/http-session.ts';
import { hashPassword } from './platform/passwords.ts';
import { hashToken, randomToken } from './platform/tokens.ts';
import { buildTestApp } from './testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from './testing/factories.ts';
import { startIssuer, testClient, throughProvider } from './testing/oidc-issuer.ts';

/**
 * Issue 31 item 2 and its guard: a player on a time-out or self-exclusion gets no session by any way
 * in, and every route that takes money in or grants a promotion refuses them by itself, even holding a
 * session (one made before the fix through a password reset, say). The lists below are checked against
 * the routes the app registers: a new route that changes something must be put in one of them.
 */

const fixtures = fileURLToPath(new URL('./modules/content/fixtures', import.meta.url));
const site = 'http://casino.test';
const password = 'a long and private passphrase';
const operatorToken = 'operator-token-for-excluded-player-tests-0123';
const hour = 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Response = Awaited<ReturnType<App['inject']>>;

/** A player of the test, with what the ways in need: a password, a provider identity, emailed tokens. */
interface Someone extends TestPlayer {
  provider: string;
}

/** Routes that start a session, or answer a link that could: none may sign an excluded player in. */
type SessionRoute = {
  /** True for the ways in that sign a player in; the others must simply not. */
  signsIn: boolean;
  call: (app: TestApp, who: Someone) => Promise<Response>;
};

/** Routes that take money in or grant a promotion: each refuses an excluded player itself. */
type MoneyRoute = (app: TestApp, who: Someone) => Promise<Response>;

const json = (app: TestApp, who: Someone, method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: { cookie: who.cookie, 'accept-language': 'en' }, payload });

/** An emailed link's token, stored for the player as the email would have sent it. */
async function emailedToken(app: TestApp, who: Someone, kind: 'reset' | 'confirmation' | 'unlock') {
  const token = randomToken();
  const c = schema.playerCredentials;
  const now = new Date();
  const set =
    kind === 'reset'
      ? { resetPasswordTokenHash: hashToken(token), resetPasswordSentAt: now }
      : kind === 'confirmation'
        ? { confirmationTokenHash: hashToken(token), confirmationSentAt: now }
        : { unlockTokenHash: hashToken(token), lockedAt: now };
  await app.database.db.update(c).set(set).where(eq(c.playerId, who.id));
  if (kind === 'confirmation') {
    await app.database.db
      .update(schema.players)
      .set({ confirmedAt: null })
      .where(eq(schema.players.id, who.id));
  }
  return token;
}

const sessionRoutes: Record<string, SessionRoute> = {
  'POST /api/users/sign_in': {
    signsIn: true,
    call: (app, who) =>
      app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: { user: { email: who.email, password } },
      }),
  },
  'PUT /api/users/password': {
    signsIn: true,
    call: async (app, who) =>
      app.inject({
        method: 'PUT',
        url: '/api/users/password',
        payload: {
          user: { reset_password_token: await emailedToken(app, who, 'reset'), password: `${password}!` },
        },
      }),
  },
  'GET /users/auth/:provider/callback': {
    signsIn: true,
    call: async (app, who) => {
      const started = await app.inject({ url: '/users/auth/acme' });
      const back = await throughProvider(site, String(started.headers.location), who.provider);
      const pending = started.cookies.find((cookie) => cookie.name === 'chrysos_social_sign_in');
      return app.inject({
        url: back.slice(site.length),
        headers: { cookie: `chrysos_social_sign_in=${pending?.value}` },
      });
    },
  },
  // Sign-up signs in only a new player: an excluded player's address is taken.
  'POST /api/users': {
    signsIn: false,
    call: (app, who) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { user: { email: who.email, password, terms_acceptance: true, age_acceptance: true } },
      }),
  },
  'GET /api/users/confirmation': {
    signsIn: false,
    call: async (app, who) =>
      app.inject({
        url: `/api/users/confirmation?confirmation_token=${await emailedToken(app, who, 'confirmation')}`,
      }),
  },
  'GET /api/users/unlock': {
    signsIn: false,
    call: async (app, who) =>
      app.inject({ url: `/api/users/unlock?unlock_token=${await emailedToken(app, who, 'unlock')}` }),
  },
  'POST /api/auth_providers/update_details': {
    signsIn: false,
    call: (app, who) =>
      json(app, who, 'POST', '/api/auth_providers/update_details', {
        user: { email: who.email, profile_attributes: { terms_acceptance: true, age_acceptance: true } },
      }),
  },
};

/**
 * The lottery has no such route: its tickets, like the wheel's spin and a deposit bonus, come from a
 * paid deposit, which is refused here and rewarded with nothing during an exclusion
 * (compliance/exclusions-two-players.test.ts).
 */
const moneyRoutes: Record<string, MoneyRoute> = {
  'POST /api/payments/deposits': (app, who) =>
    json(app, who, 'POST', '/api/payments/deposits', {
      currency: 'EUR',
      amount_cents: 2_000,
      method: 'card',
    }),
  'POST /api/bonuses/coupon': (app, who) =>
    json(app, who, 'POST', '/api/bonuses/coupon?coupon_code=DRACHMA10', {}),
  'POST /api/player/bonuses/:id/activation': (app, who) =>
    json(app, who, 'POST', `/api/player/bonuses/${randomUUID()}/activation`, {}),
  'POST /api/player/freespins/:id/activation': (app, who) =>
    json(app, who, 'POST', `/api/player/freespins/${randomUUID()}/activation`, {}),
  'POST /api/player/lootboxes/:id/activation': (app, who) =>
    json(app, who, 'POST', `/api/player/lootboxes/${randomUUID()}/activation`, {}),
  'POST /api/player/wheel/spin': (app, who) => json(app, who, 'POST', '/api/player/wheel/spin', {}),
  'POST /api/tournaments/:id/confirm': (app, who) =>
    json(app, who, 'POST', '/api/tournaments/no-such-tournament/confirm', { confirmed: true }),
  'POST /api/player/comp_points/exchange': (app, who) =>
    json(app, who, 'POST', '/api/player/comp_points/exchange', {
      points: 100,
      idempotency_key: randomUUID(),
    }),
};

/** Routes that change something but neither sign in nor take money in nor grant a promotion. */
const neither: Record<string, string> = {
  'DELETE /api/users/sign_out': 'ends a session',
  'POST /api/users/password': 'asks for a reset email; the reset itself is checked',
  'POST /api/users/confirmation': 'asks for a confirmation email',
  'POST /api/users/unlock': 'asks for an unlock email',
  'POST /api/v2/validate-email': 'checks an address',
  'PATCH /api/player': 'edits the profile',
  'PATCH /api/player/update_locale': 'edits the language',
  'POST /api/player/groups': 'tags the player for content',
  'POST /api/v2/groups': 'tags the player for content',
  'DELETE /api/player/bonuses/:id': 'cancels a bonus (takes no money in)',
  'DELETE /api/player/freespins/:id': 'cancels free spins',
  'POST /api/player/exclusions': 'takes another break or exclusion',
  'POST /api/player/exclusions/:id/lift': 'refused by the exclusion itself until its end',
  'PUT /api/player/limits': 'a player may lower limits at any time',
  'DELETE /api/player/limits/:kind/:period': 'raises wait 24 hours',
  'DELETE /api/player/limits/:kind/:period/pending': 'cancels a pending raise',
  'POST /api/player/documents': 'identity documents',
  'POST /api/content/query': 'reads content',
  'POST /api/games_filter': 'reads the lobby',
  'POST /api/games_filter/select': 'reads the lobby',
  'POST /api/games_filter/select_by_seo_titles': 'reads the lobby',
  'PUT /api/player/favorite_games/:id': 'a favourite',
  'DELETE /api/player/favorite_games/:id': 'a favourite',
  'POST /api/player/notification_reads': 'read records',
  'POST /api/player/privacy_policy/acceptance': 'accepts the privacy policy',
  'POST /api/player/push_subscriptions': 'promotional pushes stop on their own for an excluded player',
  'DELETE /api/player/push_subscriptions': 'unsubscribes',
  'POST /api/send_contact_message': 'support stays open to everyone',
  'POST /api/player/accounts': 'switches the active currency',
  'POST /api/payments/withdrawals': 'money out: requested withdrawals are still paid',
  'DELETE /api/payments/withdrawals/:id': 'money back to the balance',
  'POST /api/send-event': 'the session_end beacon: measurement',
  'POST /api/v2/collect-stats': 'measurements',
  'POST /api/v2/collect-stats/many': 'measurements',
};

/**
 * Routes outside the player's own session: the operator's (bearer token), the studio's signed wallet
 * calls and game API (an exclusion ends the game sessions and closes real-money launches), the payment
 * provider's, the analytics ingest's, and the test clock.
 */
const notThePlayers = [
  '/api/operator/',
  // The analytics ingest: events of a write key's source, no session.
  '/analytics/',
  '/wallet/',
  '/games-api/',
  '/sandbox-psp/',
  '/api/payments/webhooks/',
  '/api/test/',
];

describe.each(testDatabaseKinds)('an excluded player on %s', (kind) => {
  const registered = new Set<string>();
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let app: TestApp;
  /** On a time-out; the routes are called with a session that slipped through (as a reset once gave). */
  let excluded: Someone;
  /** The same, but never excluded: what each route does for a player it does not refuse. */
  let free: Someone;

  async function someone(provider: string): Promise<Someone> {
    const player = await newPlayer(app, { funded: 10_000 });
    const { db } = app.database;
    await db
      .update(schema.playerCredentials)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(schema.playerCredentials.playerId, player.id));
    await db
      .insert(schema.authIdentities)
      .values({ provider: 'acme', subject: provider, playerId: player.id });
    return { ...player, provider };
  }

  /** A session made behind the sign-in's back, for the routes that must refuse by themselves. */
  async function slippedSession(who: Someone): Promise<Someone> {
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
    issuer = await startIssuer(site, {
      excluded: { email_verified: false },
      free: { email_verified: false },
    });
    app = await buildTestApp(
      kind,
      {
        CONTENT_DIR: fixtures,
        PUBLIC_URL: site,
        OPERATOR_API_TOKEN: operatorToken,
        CAPTCHA_AFTER_FAILED_SIGN_INS: '0',
        SOCIAL_PROVIDERS: JSON.stringify([
          { name: 'acme', label: 'Acme ID', issuer: issuer.issuer, ...testClient },
        ]),
      },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
        },
      },
    );
    excluded = await someone('excluded');
    free = await someone('free');
    const taken = await json(app, excluded, 'POST', '/api/player/exclusions', {
      kind: 'timeout',
      period: '24h',
    });
    expect(taken.statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.closeAll();
    await issuer?.close();
  });

  const sessionOf = (response: Response) =>
    response.cookies.find((cookie) => cookie.name === sessionCookieName && cookie.value !== '');

  it('has every route that changes something in a list of this test', () => {
    const changing = [...registered].filter((route) => {
      const [method = '', url = ''] = route.split(' ');
      // Reads change nothing; `/api/*` is the 404 of an unknown path.
      if (['GET', 'HEAD', 'OPTIONS'].includes(method) || url.endsWith('*')) return false;
      return !notThePlayers.some((prefix) => url.startsWith(prefix));
    });
    const listed = new Set([
      ...Object.keys(sessionRoutes),
      ...Object.keys(moneyRoutes),
      ...Object.keys(neither),
    ]);
    expect(changing.filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(Object.entries(sessionRoutes))('gives no session through %s', async (_route, { signsIn, call }) => {
    const refused = await call(app, await slippedSession(excluded));
    expect(sessionOf(refused)).toBeUndefined();
    if (signsIn) {
      if (refused.statusCode === 302) {
        expect(refused.headers.location).toMatch(/social_error=excluded&until=/);
      } else {
        expect(refused.statusCode).toBe(403);
        expect(refused.json().codes.base).toEqual(['compliance.excluded_until']);
      }
      // The other player comes in the same way.
      const admitted = await call(app, await slippedSession(free));
      expect(admitted.statusCode).toBeLessThan(400);
      expect(sessionOf(admitted)).toBeDefined();
    }
  });

  it.each(Object.entries(moneyRoutes))('refuses %s by itself', async (_route, call) => {
    // Each call with a session of its own: a password reset above signed the players out.
    const refused = await call(app, await slippedSession(excluded));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes.base).toEqual(['compliance.excluded_until']);
    const other = await call(app, await slippedSession(free));
    expect(other.statusCode).not.toBe(403);
    expect(other.statusCode).toBeLessThan(500);
  });

  it('credits nothing and grants nothing to the excluded player', async () => {
    const { db } = app.database;
    const payments = await db.select().from(schema.payments).where(eq(schema.payments.playerId, excluded.id));
    expect(payments.filter((payment) => payment.kind === 'deposit')).toEqual([]);
    const grants = await app.inject({
      url: `/api/operator/players/${excluded.id}/bonuses`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(grants.json()).toMatchObject({ bonuses: [], freespins: [], lootboxes: [] });
  });
});
