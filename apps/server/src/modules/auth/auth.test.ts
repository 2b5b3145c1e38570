import { fileURLToPath } from 'node:url';
import { player as playerSchema } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe.each(testDatabaseKinds)('accounts on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // The captcha after failed sign-ins has its own test; here the lockout alone is under test.
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, CAPTCHA_AFTER_FAILED_SIGN_INS: '0' });
  });
  afterAll(() => app.closeAll());

  const signUp = (user: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/users', payload: { user } });
  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/users/sign_in', payload: { user: { email, password } } });
  const cookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const session = response.cookies.find((cookie) => cookie.name === 'chrysos_session');
    return session ? `chrysos_session=${session.value}` : '';
  };
  const valid = { password: 'correct horse battery', terms_acceptance: true, age_acceptance: true };

  it('signs a new player up and in, with a secure session cookie', async () => {
    const response = await signUp({
      ...valid,
      email: 'Eleni@Example.gr',
      country: 'GR',
      receive_promos: true,
    });
    expect(response.statusCode).toBe(201);
    const created = playerSchema.parse(response.json());
    expect(created).toMatchObject({
      email: 'Eleni@Example.gr',
      currency: 'EUR',
      country: 'GR',
      receive_promos: true,
      confirmed: false,
    });
    expect(response.body).not.toMatch(/correct horse|password_hash|argon2/i);

    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^chrysos_session=[\w-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);

    const me = await app.inject({ url: '/api/player', headers: { cookie: cookieOf(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(created.id);
    const [stored] = await app.database.db.select().from(schema.playerCredentials);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses an address already registered in any letter case', async () => {
    const response = await signUp({ ...valid, email: 'eleni@example.GR' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: { email: ['has already been taken'] },
      codes: { email: ['auth.email_taken'] },
    });
  });

  it('refuses one of the 10,000 most common passwords', async () => {
    for (const password of ['12345678', 'iloveyou1', 'Qwertyuiop', 'Football']) {
      const response = await signUp({ ...valid, email: `common-${password}@example.gr`, password });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password[0]).toMatch(/most common passwords/);
      expect(response.json().codes).toEqual({ password: ['auth.common_password'] });
    }
  });

  it('names each invalid field and stores nothing', async () => {
    const before = (await app.database.db.select().from(schema.players)).length;
    const response = await signUp({ email: 'not-an-email', password: 'short', terms_acceptance: false });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: {
        email: ['Must be a valid email'],
        password: ['Must be at least 8 characters'],
        terms_acceptance: ['Field is required'],
        age_acceptance: ['Field is required'],
      },
      codes: {
        email: ['validation.email'],
        password: ['validation.min'],
        terms_acceptance: ['validation.required'],
        age_acceptance: ['validation.required'],
      },
      params: { password: [{ min: 8 }] },
    });
    const mismatch = await signUp({
      ...valid,
      email: 'x@example.com',
      password_confirmation: 'something else',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Passwords do not match!'] });
    expect(mismatch.json().codes).toEqual({ password_confirmation: ['validation.confirmed'] });
    expect((await app.database.db.select().from(schema.players)).length).toBe(before);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const wrong = await signIn('eleni@example.gr', 'not the password');
    const unknown = await signIn('nobody@example.gr', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      errors: { base: ['Invalid email or password'] },
      codes: { base: ['auth.invalid_credentials'] },
    });
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('signs in with the right password, in any letter case of the address', async () => {
    const response = await signIn('ELENI@example.gr', valid.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().current_sign_in_at).not.toBeNull();
    expect(cookieOf(response)).not.toBe('');
  });

  it('locks the account after ten wrong passwords in a row', async () => {
    await signUp({ ...valid, email: 'nikos@example.gr' });
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signIn('nikos@example.gr', 'guess')).statusCode).toBe(401);
    const locked = await signIn('nikos@example.gr', valid.password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors.base[0]).toMatch(/locked/);
    expect(locked.json().codes).toEqual({ base: ['auth.account_locked'] });
    const greek = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      headers: { 'accept-language': 'el' },
      payload: { user: { email: 'nikos@example.gr', password: valid.password } },
    });
    expect(greek.json()).toEqual({
      errors: {
        base: [
          'Ο λογαριασμός σας είναι κλειδωμένος. Δοκιμάστε ξανά σε μία ώρα ή ξεκλειδώστε τον από το email που σας στείλαμε.',
        ],
      },
      codes: { base: ['auth.account_locked'] },
    });
    expect((await signIn('nikos@example.gr', 'guess')).json()).toEqual({
      errors: { base: ['Invalid email or password'] },
      codes: { base: ['auth.invalid_credentials'] },
    });
  });

  it('ends the session on sign-out, so the old cookie no longer works', async () => {
    const cookie = cookieOf(await signIn('eleni@example.gr', valid.password));
    const out = await app.inject({ method: 'DELETE', url: '/api/users/sign_out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/chrysos_session=;/);
    const me = await app.inject({ url: '/api/player', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({
      errors: { base: ['You need to sign in first'] },
      codes: { base: ['auth.sign_in_required'] },
    });
  });

  it('rejects a state-changing request with the session cookie from another site', async () => {
    const cookie = cookieOf(await signIn('eleni@example.gr', valid.password));
    const forged = await app.inject({
      method: 'DELETE',
      url: '/api/users/sign_out',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const me = await app.inject({ url: '/api/player', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("lets a player's device claim the PWA group but no other", async () => {
    const cookie = cookieOf(await signIn('eleni@example.gr', valid.password));
    const add = (groups: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/player/groups',
        headers: { cookie },
        payload: { groups: { add: groups } },
      });
    const pwa = await add(['pwa']);
    expect(pwa.statusCode).toBe(200);
    expect(pwa.json().statuses).toEqual([{ id: 'pwa' }]);
    const vip = await add(['vip']);
    expect(vip.statusCode).toBe(422);
    expect(vip.json()).toEqual({
      errors: { groups: ['cannot be added by the player: vip'] },
      codes: { groups: ['player.group_not_allowed'] },
      params: { groups: [{ groups: 'vip' }] },
    });
  });

  it("shows content for a player's groups only to players in them", async () => {
    const signedIn = await signIn('eleni@example.gr', valid.password);
    const cookie = cookieOf(signedIn);
    const query = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/content/query',
        headers,
        payload: { collection: 'bottomPromo', locale: 'en' },
      });
    const stems = async (headers: Record<string, string>) =>
      (await query(headers)).json().items.map((item: { stem: string }) => item.stem);

    expect(await stems({ cookie })).toEqual(['01-always']);
    await app.database.db.insert(schema.playerGroups).values({ playerId: signedIn.json().id, group: 'vip' });
    expect(await stems({ cookie })).toEqual(['01-always', '03-vip']);
    expect(await stems({})).toEqual(['01-always']);
  });
});

describe('account limits per client address', () => {
  it('slows down mass sign-ups from one address and lets a player change language', async () => {
    // The limit alone: the captcha that sign-ups meet after a few is sign-up-taken.test.ts's.
    const app = await buildTestApp('pglite', { CAPTCHA_AFTER_SIGN_UPS: '0' });
    const signUp = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        remoteAddress: '198.51.100.23',
        payload: {
          user: {
            email: `bulk${n}@example.com`,
            password: 'a long password',
            terms_acceptance: true,
            age_acceptance: true,
          },
        },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) statuses.push((await signUp(n)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = (await signUp(99)).json();
    expect(limited.errors.base[0]).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(limited.codes).toEqual({ base: ['rate_limited'] });
    expect(limited.params.base[0].minutes).toBeGreaterThan(50);

    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email: 'bulk0@example.com', password: 'a long password' } },
    });
    const cookie = `chrysos_session=${signedIn.cookies.find((c) => c.name === 'chrysos_session')?.value}`;
    const greek = await app.inject({
      method: 'PATCH',
      url: '/api/player/update_locale',
      headers: { cookie },
      payload: { locale: 'el' },
    });
    expect(greek.json().language).toBe('el');
    const bad = await app.inject({
      method: 'PATCH',
      url: '/api/player/update_locale',
      headers: { cookie },
      payload: { locale: 'fr' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['locale']);
    await app.closeAll();
  });
});

describe('player form fields', () => {
  it('lists the contexts, rules and dependencies, and what a signed-in player still has to complete', async () => {
    const app = await buildTestApp('pglite');
    const anonymous = (await app.inject({ url: '/api/info/player_fields' })).json();
    expect(anonymous.contexts).toEqual({
      login: ['email', 'password', 'forgot_password'],
      registration: expect.arrayContaining(['email', 'password', 'terms_acceptance', 'age_acceptance']),
    });
    const byName = Object.fromEntries(anonymous.fields.map((field: { name: string }) => [field.name, field]));
    expect(byName.password.rules).toEqual({ required: true, min: 8, max: 128 });
    expect(byName.email.rules.max).toBe(255);
    expect(byName.age_acceptance).toMatchObject({ dependsOn: 'terms_acceptance', cannotUnset: true });
    expect(byName.receive_sms_promos.dependsOn).toBe('receive_promos');

    const withoutCountry = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'nocountry@example.com',
          password: 'a long password',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const cookie = `chrysos_session=${withoutCountry.cookies.find((c) => c.name === 'chrysos_session')?.value}`;
    const signedIn = (await app.inject({ url: '/api/info/player_fields', headers: { cookie } })).json();
    expect(signedIn.contexts.complete_registration).toEqual(['country', 'currency']);
    await app.closeAll();
  });
});
