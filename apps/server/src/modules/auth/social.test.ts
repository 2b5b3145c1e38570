import { fileURLToPath } from 'node:url';
import { player as playerSchema } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../platform/rate-limit.ts';
import { DatabaseState } from '../../platform/shared-state.ts';
import { latestEmail, tokenIn } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { startIssuer, testClient, throughProvider } from '../../testing/oidc-issuer.ts';
import { waitUntil } from '../../testing/wait.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { PendingSignIns } from './oidc.ts';
import { pendingCookieName } from './social-routes.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/** The site's public origin: the provider redirects the browser here, and the test hands that to inject. */
const site = 'http://casino.test';
const client = testClient;

/** The provider's accounts; the dev login form takes the account id as the login. */
const accounts: Record<string, Record<string, unknown>> = {
  eleni: { email: 'eleni@example.gr', email_verified: true, given_name: 'Eleni', family_name: 'Pappa' },
  nomail: { given_name: 'Nikos' },
  linker: { email: 'Linked@Example.gr', email_verified: true, given_name: 'Lina' },
  squatter: { email: 'taken@example.gr', email_verified: false },
};

describe('SOCIAL_PROVIDERS', () => {
  const google = {
    name: 'google',
    label: 'Google',
    issuer: 'https://accounts.google.com',
    client_id: 'id',
    client_secret: 'secret',
  };

  it('reads a JSON array of providers, none by default', () => {
    expect(parseConfig({}).SOCIAL_PROVIDERS).toEqual([]);
    expect(parseConfig({ SOCIAL_PROVIDERS: JSON.stringify([google]) }).SOCIAL_PROVIDERS).toEqual([google]);
  });

  it('refuses malformed lists without echoing the secrets', () => {
    expect(() => parseConfig({ SOCIAL_PROVIDERS: '[oops' })).toThrow(
      /SOCIAL_PROVIDERS: expected a JSON array/,
    );
    expect(() => parseConfig({ SOCIAL_PROVIDERS: JSON.stringify([{ ...google, name: 'Google' }]) })).toThrow(
      /SOCIAL_PROVIDERS\.0\.name: provider names are lowercase/,
    );
    expect(() => parseConfig({ SOCIAL_PROVIDERS: JSON.stringify([google, google]) })).toThrow(/listed twice/);
    const plain = JSON.stringify([{ ...google, issuer: 'http://id.example.com' }]);
    expect(parseConfig({ SOCIAL_PROVIDERS: plain }).SOCIAL_PROVIDERS[0]?.issuer).toBe(
      'http://id.example.com',
    );
    expect(() =>
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://chrysos.casino', SOCIAL_PROVIDERS: plain }),
    ).toThrow(ConfigError);
    try {
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://chrysos.casino', SOCIAL_PROVIDERS: plain });
    } catch (error) {
      expect(String(error)).toMatch(/SOCIAL_PROVIDERS\.0\.issuer: expected an https:\/\/ issuer/);
      expect(String(error)).not.toMatch(/secret/);
    }
    const local = JSON.stringify([{ ...google, issuer: 'http://localhost:8080' }]);
    expect(
      parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://chrysos.casino', SOCIAL_PROVIDERS: local })
        .SOCIAL_PROVIDERS,
    ).toHaveLength(1);
  });
});

describe('pending social sign-ins', () => {
  const entry = {
    provider: 'acme',
    redirectUri: `${site}/users/auth/acme/callback`,
    checks: { codeVerifier: 'v', state: 's', nonce: 'n' },
    referralParams: { stag: 'aff_1' },
    locale: 'el' as const,
  };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let state: DatabaseState;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.migrate();
    state = new DatabaseState(database.db);
  });
  afterAll(() => database?.close());

  it('live in the shared state for ten minutes and are used once', async () => {
    expect(PendingSignIns.lifetimeMs).toBe(10 * 60 * 1000);
    const pending = new PendingSignIns(state);
    const id = await pending.add(entry);
    expect(id).toMatch(/^[\w-]{32}$/);
    // Another instance, holding only the shared state, finishes it.
    expect(await new PendingSignIns(state).take(id)).toEqual(entry);
    expect(await pending.take(id)).toBeUndefined();
    expect(await pending.take('unknown')).toBeUndefined();
  });

  it('expire after their lifetime', async () => {
    const pending = new PendingSignIns(state, 20);
    const late = await pending.add(entry);
    // Until the store holds it no longer as live (the store's own clock expires it).
    const live = () =>
      database.db
        .select({ key: schema.expiringValues.key })
        .from(schema.expiringValues)
        .where(sql`${schema.expiringValues.expiresAt} > now()`);
    await waitUntil(async () => expect(await live()).toEqual([]), { interval: 10 });
    expect(await pending.take(late)).toBeUndefined();
  });
});

describe.each(testDatabaseKinds)('social sign-in on %s', (kind) => {
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    issuer = await startIssuer(site, accounts);
    app = await buildTestApp(kind, {
      CONTENT_DIR: fixtures,
      PUBLIC_URL: site,
      SOCIAL_PROVIDERS: JSON.stringify([
        { name: 'acme', label: 'Acme ID', issuer: issuer.issuer, ...client },
      ]),
    });
  });
  afterAll(async () => {
    await app?.closeAll();
    await issuer?.close();
  });

  const sessionOf = (response: { cookies: { name: string; value: string }[] }) => {
    const session = response.cookies.find((cookie) => cookie.name === 'chrysos_session');
    return session ? `chrysos_session=${session.value}` : '';
  };
  const start = (query = '') => app.inject({ url: `/users/auth/acme${query}` });
  const pendingOf = (response: { cookies: { name: string; value: string }[] }) =>
    `${pendingCookieName}=${response.cookies.find((cookie) => cookie.name === pendingCookieName)?.value}`;

  /** The whole round trip: the site's login URL, the provider's pages, the site's callback. */
  async function socialSignIn(account: string, query = '') {
    const started = await start(query);
    expect(started.statusCode).toBe(302);
    const back = await throughProvider(site, String(started.headers.location), account);
    return app.inject({ url: back.slice(site.length), headers: { cookie: pendingOf(started) } });
  }
  const me = async (cookie: string) =>
    playerSchema.parse((await app.inject({ url: '/api/player', headers: { cookie } })).json());
  const updateDetails = (cookie: string, user: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth_providers/update_details',
      headers: { cookie },
      payload: { user },
    });
  const playerRow = async (id: string) =>
    (await app.database.db.select().from(schema.players).where(eq(schema.players.id, id)))[0];
  const signInCount = async (id: string) =>
    (
      await app.database.db
        .select({ count: schema.playerCredentials.signInCount })
        .from(schema.playerCredentials)
        .where(eq(schema.playerCredentials.playerId, id))
    )[0]?.count;

  it('lists the configured providers with their label and login URL', async () => {
    const response = await app.inject({ url: '/api/info/auth_providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ name: 'acme', label: 'Acme ID', url: '/users/auth/acme' }]);
  });

  it('answers an unknown provider with a JSON 404', async () => {
    for (const url of ['/users/auth/nope', '/users/auth/nope/callback?code=x&state=y']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: { provider: ['This sign-in provider is not available'] },
        codes: { provider: ['auth.provider_unavailable'] },
      });
    }
  });

  it('sends the visitor to the provider with PKCE, state and nonce, remembered in a short-lived cookie', async () => {
    const response = await start('?stag=aff_1');
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(issuer.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: client.client_id,
      response_type: 'code',
      redirect_uri: `${site}/users/auth/acme/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const check of ['state', 'nonce', 'code_challenge']) {
      expect(location.searchParams.get(check)).toMatch(/^[\w-]{40,}$/);
    }
    expect(location.searchParams.has('stag')).toBe(false);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${pendingCookieName}=[\\w-]{32};`));
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/users\/auth/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(location.searchParams.get('state') ?? 'never');
  });

  let eleni = '';
  let eleniCookie = '';

  it('signs a new player up with the provider details, the referral tags and the chosen language', async () => {
    const response = await socialSignIn('eleni', '?stag=aff_12&utm_source=news&other=dropped&locale=el');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/el');
    eleniCookie = sessionOf(response);
    expect(eleniCookie).toMatch(/^chrysos_session=[\w-]{40,}$/);
    expect(String(response.headers['set-cookie'])).toMatch(new RegExp(`${pendingCookieName}=;`));

    const player = await me(eleniCookie);
    eleni = player.id;
    expect(player).toMatchObject({
      email: 'eleni@example.gr',
      first_name: 'Eleni',
      last_name: 'Pappa',
      language: 'el',
      country: null,
      currency: await app.referenceData.defaultCurrency(),
      confirmed: true,
      password_set: false,
      auth_fields_missed: ['terms_acceptance', 'age_acceptance'],
    });
    const row = await playerRow(eleni);
    expect(row?.referralParams).toEqual({ stag: 'aff_12', utm_source: 'news' });
    expect(row).toMatchObject({ termsAcceptance: false, ageAcceptance: false });
    expect(await signInCount(eleni)).toBe(1);

    const fields = await app.inject({ url: '/api/info/player_fields', headers: { cookie: eleniCookie } });
    expect(fields.json().contexts.complete_registration).toEqual([
      'country',
      'currency',
      'terms_acceptance',
      'age_acceptance',
    ]);
  });

  it('signs the same player in again on the next visit', async () => {
    const response = await socialSignIn('eleni');
    expect(response.statusCode).toBe(302);
    // The player's own language, as with a password sign-in.
    expect(response.headers.location).toBe('/el');
    expect((await me(sessionOf(response))).id).toBe(eleni);
    const identities = await app.database.db.select().from(schema.authIdentities);
    expect(identities.filter((identity) => identity.playerId === eleni)).toHaveLength(1);
    expect(await signInCount(eleni)).toBe(2);
    const [{ count } = { count: 0 }] = await app.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.players)
      .where(sql`lower(${schema.players.email}) = 'eleni@example.gr'`);
    expect(count).toBe(1);
  });

  it('completes the registration with update_details', async () => {
    const anonymous = await updateDetails('', { email: 'eleni@example.gr' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      errors: { base: ['You need to sign in first'] },
      codes: { base: ['auth.sign_in_required'] },
    });

    const incomplete = await updateDetails(eleniCookie, {
      email: 'eleni@example.gr',
      profile_attributes: { country: 'XX', currency: 'ZZZ', receive_sms_promos: true },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toEqual({
      errors: {
        country: ['is not a known country'],
        currency: ['is not offered'],
        terms_acceptance: ['Field is required'],
        age_acceptance: ['Field is required'],
        receive_sms_promos: ['Requires receive_promos'],
      },
      codes: {
        country: ['info.unknown_country'],
        currency: ['info.currency_not_offered'],
        terms_acceptance: ['validation.required'],
        age_acceptance: ['validation.required'],
        receive_sms_promos: ['validation.requires'],
      },
      params: { receive_sms_promos: [{ field: 'receive_promos' }] },
    });

    const response = await updateDetails(eleniCookie, {
      email: 'eleni@example.gr',
      profile_attributes: {
        country: 'gr',
        currency: 'EUR',
        terms_acceptance: true,
        age_acceptance: true,
        receive_promos: true,
        receive_sms_promos: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(playerSchema.parse(response.json())).toMatchObject({
      id: eleni,
      email: 'eleni@example.gr',
      country: 'GR',
      currency: 'EUR',
      receive_promos: true,
      receive_sms_promos: true,
      auth_fields_missed: [],
      confirmed: true,
    });
    expect(await playerRow(eleni)).toMatchObject({ termsAcceptance: true, ageAcceptance: true });

    // Once chosen, the country stays; the address the provider gave is not changed here either.
    const again = await updateDetails(eleniCookie, {
      email: 'other@example.gr',
      profile_attributes: { country: 'CY' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      email: ['cannot be changed here'],
      country: ['cannot be changed'],
    });
    expect(again.json().codes).toEqual({ email: ['player.email_locked'], country: ['player.field_locked'] });
  });

  it('asks for an address when the provider gives none', async () => {
    const response = await socialSignIn('nomail');
    expect(response.headers.location).toBe('/');
    const cookie = sessionOf(response);
    const player = await me(cookie);
    expect(player).toMatchObject({
      email: 'nomail@acme.invalid',
      first_name: 'Nikos',
      language: 'en',
      confirmed: false,
      auth_fields_missed: ['email', 'terms_acceptance', 'age_acceptance'],
    });

    const complete = { country: 'GR', terms_acceptance: true, age_acceptance: true };
    for (const [email, message] of [
      ['nomail@acme.invalid', 'Must be a valid email'],
      ['not-an-email', 'Must be a valid email'],
      ['ELENI@example.gr', 'has already been taken'],
    ] as const) {
      const refused = await updateDetails(cookie, { email, profile_attributes: complete });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ email: [message] });
    }
    const done = await updateDetails(cookie, { email: 'nikos@example.gr', profile_attributes: complete });
    expect(done.statusCode).toBe(200);
    // Without a currency of its own the country's default is taken.
    expect(done.json()).toMatchObject({ email: 'nikos@example.gr', currency: 'EUR', auth_fields_missed: [] });
    // The chosen address is confirmed as one given at sign-up, in the player's language, and the link
    // confirms this player.
    const confirmation = await latestEmail(app, 'nikos@example.gr', 'confirmation');
    expect(confirmation.language).toBe('en');
    const confirmed = await app.inject({
      method: 'GET',
      url: `/api/users/confirmation?confirmation_token=${tokenIn(confirmation.text, 'confirmation_token')}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ email: 'nikos@example.gr', confirmed: true });
  });

  it('links a verified address to the existing account, but never an unverified one', async () => {
    const signUp = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          user: { email, password: 'correct horse battery', terms_acceptance: true, age_acceptance: true },
        },
      });
    const linked = (await signUp('linked@example.gr')).json().id as string;
    const taken = (await signUp('taken@example.gr')).json().id as string;

    const viaProvider = await socialSignIn('linker');
    const player = await me(sessionOf(viaProvider));
    expect(player).toMatchObject({
      id: linked,
      email: 'linked@example.gr',
      password_set: true,
      confirmed: true,
    });
    expect(player.auth_fields_missed).toEqual([]);

    const squatter = await me(sessionOf(await socialSignIn('squatter')));
    expect(squatter.id).not.toBe(taken);
    expect(squatter).toMatchObject({
      email: 'squatter@acme.invalid',
      auth_fields_missed: ['email', 'terms_acceptance', 'age_acceptance'],
    });
  });

  it('keeps a locked account locked: the provider cannot sign its player in until the lock lifts', async () => {
    const { db } = app.database;
    const lockedAt = new Date();
    const c = schema.playerCredentials;
    await db.update(c).set({ lockedAt, failedAttempts: 10 }).where(eq(c.playerId, eleni));
    const before = await signInCount(eleni);

    const refused = await socialSignIn('eleni', '?locale=el');
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe('/el/users/sign_in?social_error=locked');
    expect(sessionOf(refused)).toBe('');
    expect(await signInCount(eleni)).toBe(before);

    // An hour later the lock has lifted by itself, as for a password sign-in.
    await db
      .update(c)
      .set({ lockedAt: new Date(lockedAt.getTime() - 61 * 60 * 1000) })
      .where(eq(c.playerId, eleni));
    const admitted = await socialSignIn('eleni');
    expect((await me(sessionOf(admitted))).id).toBe(eleni);
  });

  it('refuses a player whose account an operator suspended or closed, back to the sign-in page that says so', async () => {
    const { db } = app.database;
    const p = schema.players;
    await db.update(p).set({ accountStatus: 'suspended' }).where(eq(p.id, eleni));
    const suspended = await socialSignIn('eleni', '?locale=el');
    expect(suspended.statusCode).toBe(302);
    expect(suspended.headers.location).toBe('/el/users/sign_in?social_error=suspended');
    expect(sessionOf(suspended)).toBe('');

    await db.update(p).set({ accountStatus: 'closed' }).where(eq(p.id, eleni));
    const closed = await socialSignIn('eleni');
    expect(closed.headers.location).toBe('/users/sign_in?social_error=closed');
    expect(sessionOf(closed)).toBe('');

    // Active again (as in a test only: a closed account is never reinstated), the provider signs them in.
    await db.update(p).set({ accountStatus: 'active' }).where(eq(p.id, eleni));
    const admitted = await socialSignIn('eleni');
    expect((await me(sessionOf(admitted))).id).toBe(eleni);
  });

  it('refuses a player on a break or self-excluded, back to the sign-in page that says until when', async () => {
    const { db } = app.database;
    const endsAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const [onBreak] = await db
      .insert(schema.playerExclusions)
      .values({ playerId: eleni, kind: 'timeout', period: '24h', source: 'player', endsAt })
      .returning();
    const refused = await socialSignIn('eleni', '?locale=el');
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe(
      `/el/users/sign_in?social_error=excluded&until=${encodeURIComponent(endsAt.toISOString())}`,
    );
    expect(sessionOf(refused)).toBe('');

    await db.insert(schema.playerExclusions).values({
      playerId: eleni,
      kind: 'self_exclusion',
      period: 'permanent',
      source: 'player',
      endsAt: null,
    });
    const forGood = await socialSignIn('eleni');
    expect(forGood.headers.location).toBe('/users/sign_in?social_error=excluded');
    expect(sessionOf(forGood)).toBe('');
    // Lifted (as an operator's correction would), the provider signs the player in again.
    await db
      .update(schema.playerExclusions)
      .set({ liftedAt: new Date() })
      .where(eq(schema.playerExclusions.playerId, eleni));
    expect(onBreak).toBeDefined();
    const admitted = await socialSignIn('eleni');
    expect((await me(sessionOf(admitted))).id).toBe(eleni);
  });

  it('sends the visitor back to the sign-in page when the callback does not match the sign-in', async () => {
    const started = await start('?locale=el');
    const badState = await app.inject({
      url: '/users/auth/acme/callback?code=abc&state=not-the-state',
      headers: { cookie: pendingOf(started) },
    });
    expect(badState.statusCode).toBe(302);
    expect(badState.headers.location).toBe('/el/users/sign_in?social_error=1');
    expect(sessionOf(badState)).toBe('');

    // The sign-in was used up by the failed attempt; a replay or a cookie-less callback fails too.
    for (const cookie of [pendingOf(started), '']) {
      const replay = await app.inject({
        url: '/users/auth/acme/callback?code=abc&state=x',
        headers: { cookie },
      });
      expect(replay.headers.location).toBe('/users/sign_in?social_error=1');
    }

    const refused = await start();
    const state = new URL(String(refused.headers.location)).searchParams.get('state');
    const denied = await app.inject({
      url: `/users/auth/acme/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(issuer.issuer)}`,
      headers: { cookie: pendingOf(refused) },
    });
    expect(denied.headers.location).toBe('/users/sign_in?social_error=1');
  });

  it('limits how many sign-ins one address may start, each kept until its callback', async () => {
    const from = (remoteAddress: string) => app.inject({ url: '/users/auth/acme', remoteAddress });
    for (let started = 0; started < rateLimits.socialSignInStart.max; started++) {
      expect((await from('198.51.100.7')).statusCode).toBe(302);
    }
    const refused = await from('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.base[0]).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await from('198.51.100.8')).statusCode).toBe(302);
  });
});
