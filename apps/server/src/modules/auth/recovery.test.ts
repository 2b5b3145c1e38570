import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, emailCount, latestEmail, tokenIn } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const password = 'correct horse battery';

describe.each(testDatabaseKinds)('confirmation, password reset and unlock on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const logs: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, PUBLIC_URL: 'https://chrysos.test', CAPTCHA_AFTER_FAILED_SIGN_INS: '0' },
      { logs },
    );
  });
  afterAll(() => app.closeAll());

  // Sign-ups are limited per address too: each comes from its own.
  let registrant = 0;
  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: `10.1.0.${++registrant}`,
      payload: { user: { email, password, terms_acceptance: true, age_acceptance: true, ...extra } },
    });
  const signIn = (email: string, secret = password) =>
    app.inject({ method: 'POST', url: '/api/users/sign_in', payload: { user: { email, password: secret } } });
  // Each request from its own address: the per-address limit is tested on its own below.
  let client = 0;
  const ask = (path: string, email: string, language = 'en') =>
    app.inject({
      method: 'POST',
      url: `/api${path}`,
      remoteAddress: `10.0.0.${++client}`,
      headers: { 'accept-language': language },
      payload: { user: { email } },
    });

  it('sends a welcome email in the player language whose link confirms the address in the registering browser', async () => {
    const created = await signUp('maria@example.gr', { language: 'el' });
    expect(created.statusCode).toBe(201);
    expect(created.json().confirmed).toBe(false);
    const email = await latestEmail(app, 'maria@example.gr', 'confirmation');
    expect(email.subject).toMatch(/Καλώς ήρθατε/);
    expect(email.text).toContain('https://chrysos.test/el/users/confirmation?confirmation_token=');
    expect(email.html).toContain('lang="el"');

    const token = tokenIn(email.text, 'confirmation_token');
    const confirmed = await app.inject({
      url: `/api/users/confirmation?confirmation_token=${token}`,
      headers: { cookie: cookieOf(created), 'accept-language': 'el' },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: expect.stringMatching(/επιβεβαιώθηκε/), signed_in: true });
    expect(cookieOf(confirmed)).toBe('');
    const me = await app.inject({ url: '/api/player', headers: { cookie: cookieOf(created) } });
    expect(me.json()).toMatchObject({ email: 'maria@example.gr', confirmed: true });

    const again = await app.inject({ url: `/api/users/confirmation?confirmation_token=${token}` });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.confirmation_token[0]).toMatch(/invalid, has expired or was already used/);
    expect(again.json().codes).toEqual({ confirmation_token: ['auth.confirmation_link_invalid'] });
  });

  it('confirms but signs nobody in from another browser, and never switches a signed-in browser (login CSRF)', async () => {
    const victim = await signUp('eleni@example.gr');
    const attacker = await signUp('attacker@example.gr');
    const token = tokenIn(
      (await latestEmail(app, 'attacker@example.gr', 'confirmation')).text,
      'confirmation_token',
    );
    // The attacker makes the victim's browser open the attacker's confirmation link.
    const opened = await app.inject({
      url: `/api/users/confirmation?confirmation_token=${token}`,
      headers: { cookie: cookieOf(victim) },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      message: expect.stringMatching(/Sign in with your password/),
      signed_in: false,
    });
    expect(opened.headers['set-cookie']).toBeUndefined();
    const stillVictim = await app.inject({ url: '/api/player', headers: { cookie: cookieOf(victim) } });
    expect(stillVictim.json()).toMatchObject({ email: 'eleni@example.gr' });

    const confirmedAttacker = await app.inject({
      url: '/api/player',
      headers: { cookie: cookieOf(attacker) },
    });
    expect(confirmedAttacker.json()).toMatchObject({ email: 'attacker@example.gr', confirmed: true });

    await signUp('nikos@example.gr');
    const fresh = tokenIn(
      (await latestEmail(app, 'nikos@example.gr', 'confirmation')).text,
      'confirmation_token',
    );
    const anonymous = await app.inject({ url: `/api/users/confirmation?confirmation_token=${fresh}` });
    expect(anonymous.json().signed_in).toBe(false);
    expect(cookieOf(anonymous)).toBe('');
  });

  it('refuses a confirmation link older than three days', async () => {
    await signUp('dimitra@example.gr');
    const token = tokenIn(
      (await latestEmail(app, 'dimitra@example.gr', 'confirmation')).text,
      'confirmation_token',
    );
    await app.database.db
      .update(schema.playerCredentials)
      .set({ confirmationSentAt: sql`now() - interval '3 days 1 minute'` })
      .where(
        sql`${schema.playerCredentials.playerId} = (select id from players where email = 'dimitra@example.gr')`,
      );
    const late = await app.inject({ url: `/api/users/confirmation?confirmation_token=${token}` });
    expect(late.statusCode).toBe(422);
    const [row] = await app.database.db
      .select({ confirmedAt: schema.players.confirmedAt })
      .from(schema.players)
      .where(eq(schema.players.email, 'dimitra@example.gr'));
    expect(row?.confirmedAt).toBeNull();
  });

  it('builds emailed links on the configured origin whatever Host the request names', async () => {
    await signUp('thanos@example.gr');
    await latestEmail(app, 'thanos@example.gr', 'confirmation');
    await app.inject({
      method: 'POST',
      url: '/api/users/password',
      remoteAddress: '10.7.7.7',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      payload: { user: { email: 'thanos@example.gr' } },
    });
    const email = await latestEmail(app, 'thanos@example.gr', 'reset_password');
    expect(email.text).toContain('https://chrysos.test/users/password/edit?reset_password_token=');
    expect(`${email.text}${email.html}`).not.toContain('evil.example');
  });

  it('spends a reset link when the password is changed any other way', async () => {
    const created = await signUp('irini@example.gr');
    await latestEmail(app, 'irini@example.gr', 'confirmation');
    await ask('/users/password', 'irini@example.gr');
    const token = tokenIn(
      (await latestEmail(app, 'irini@example.gr', 'reset_password')).text,
      'reset_password_token',
    );
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/player',
      headers: { cookie: cookieOf(created) },
      payload: {
        context: 'change_password',
        player: { current_password: password, password: 'changed in profile' },
      },
    });
    expect(changed.statusCode).toBe(200);
    const late = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: token, password: 'set by an old link' } },
    });
    expect(late.statusCode).toBe(422);
    expect((await signIn('irini@example.gr', 'changed in profile')).statusCode).toBe(200);
    expect((await signIn('irini@example.gr', 'set by an old link')).statusCode).toBe(401);
  });

  it('answers email requests identically for known and unknown addresses, emailing only real players', async () => {
    await signUp('kostas@example.gr');
    await latestEmail(app, 'kostas@example.gr', 'confirmation');
    for (const path of ['/users/password', '/users/confirmation', '/users/unlock']) {
      const known = await ask(path, 'kostas@example.gr');
      const unknown = await ask(path, 'nobody-here@example.gr');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    }
    const greek = await ask('/users/password', 'nobody-here@example.gr', 'el');
    expect(greek.json().message).toMatch(/Αν υπάρχει λογαριασμός/);

    await latestEmail(app, 'kostas@example.gr', 'reset_password');
    const unknownMails = await app.database.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.to, 'nobody-here@example.gr'));
    expect(unknownMails).toEqual([]);
  });

  it('resets a password once with the emailed link, signing out every other session', async () => {
    const created = await signUp('anna@example.gr');
    const oldSession = cookieOf(created);
    await latestEmail(app, 'anna@example.gr', 'confirmation');
    await ask('/users/password', 'ANNA@example.gr');
    const email = await latestEmail(app, 'anna@example.gr', 'reset_password');
    expect(email.text).toContain('https://chrysos.test/users/password/edit?reset_password_token=');
    const token = tokenIn(email.text, 'reset_password_token');

    const reset = (body: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/users/password', payload: { user: body } });
    const mismatch = await reset({
      reset_password_token: token,
      password: 'a brand new secret',
      password_confirmation: 'another',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual(['Passwords do not match!']);

    const done = await reset({
      reset_password_token: token,
      password: 'a brand new secret',
      password_confirmation: 'a brand new secret',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: 'anna@example.gr', confirmed: true });
    const me = await app.inject({ url: '/api/player', headers: { cookie: cookieOf(done) } });
    expect(me.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/player', headers: { cookie: oldSession } })).statusCode).toBe(401);

    expect((await signIn('anna@example.gr')).statusCode).toBe(401);
    expect((await signIn('anna@example.gr', 'a brand new secret')).statusCode).toBe(200);

    const reused = await reset({ reset_password_token: token, password: 'yet another secret' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.reset_password_token[0]).toMatch(/invalid or has expired/);
    expect(reused.json().codes).toEqual({ reset_password_token: ['auth.reset_link_invalid'] });
    const greek = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: { 'accept-language': 'el' },
      payload: { user: { reset_password_token: token, password: 'yet another secret' } },
    });
    expect(greek.json().errors).toEqual({
      reset_password_token: ['Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει. Ζητήστε έναν νέο.'],
    });
  });

  it('refuses a reset link older than six hours', async () => {
    await signUp('yannis@example.gr');
    await latestEmail(app, 'yannis@example.gr', 'confirmation');
    await ask('/users/password', 'yannis@example.gr');
    const token = tokenIn(
      (await latestEmail(app, 'yannis@example.gr', 'reset_password')).text,
      'reset_password_token',
    );
    await app.database.db
      .update(schema.playerCredentials)
      .set({ resetPasswordSentAt: sql`now() - interval '6 hours 1 minute'` })
      .where(
        sql`${schema.playerCredentials.playerId} = (select id from players where email = 'yannis@example.gr')`,
      );
    const late = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: token, password: 'a brand new secret' } },
    });
    expect(late.statusCode).toBe(422);
    expect((await signIn('yannis@example.gr')).statusCode).toBe(200);
  });

  it('locks after ten wrong passwords, emails an unlock link once, and the link unlocks', async () => {
    await signUp('petros@example.gr');
    await latestEmail(app, 'petros@example.gr', 'confirmation');
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn('petros@example.gr', 'wrong password!')).statusCode).toBe(401);
    }
    const locked = await signIn('petros@example.gr');
    expect(locked.json().errors.base[0]).toMatch(/locked/);
    const email = await latestEmail(app, 'petros@example.gr', 'unlock');
    expect(email.subject).toBe('Your Chrysos Casino account was locked');
    const token = tokenIn(email.text, 'unlock_token');

    const unlocked = await app.inject({ url: `/api/users/unlock?unlock_token=${token}` });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().message).toMatch(/unlocked/);
    expect((await signIn('petros@example.gr')).statusCode).toBe(200);
    const reused = await app.inject({ url: `/api/users/unlock?unlock_token=${token}` });
    expect(reused.statusCode).toBe(422);
  });

  it('sends one email of a kind per address per minute however often it is asked', async () => {
    await signUp('sofia@example.gr');
    await latestEmail(app, 'sofia@example.gr', 'confirmation');
    const before = await emailCount(app);
    await ask('/users/password', 'sofia@example.gr');
    await latestEmail(app, 'sofia@example.gr', 'reset_password');
    await ask('/users/password', 'sofia@example.gr');
    await ask('/users/password', 'sofia@example.gr');
    await app.afterResponseSettled();
    expect(await emailCount(app)).toBe(before + 1);
  });

  it('refuses a sixth email request from one address within 15 minutes', async () => {
    const fromOneAddress = () =>
      app.inject({
        method: 'POST',
        url: '/api/users/password',
        remoteAddress: '10.9.9.9',
        payload: { user: { email: 'someone@example.gr' } },
      });
    for (let request = 0; request < 5; request++) expect((await fromOneAddress()).statusCode).toBe(200);
    const refused = await fromOneAddress();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.base[0]).toMatch(/Too many attempts/);
  });

  it('never writes a password or an emailed token to the logs', async () => {
    const joined = logs.join('\n');
    expect(joined.length).toBeGreaterThan(0);
    expect(joined).not.toContain(password);
    expect(joined).not.toContain('a brand new secret');
    expect(joined).not.toMatch(/(confirmation|reset_password|unlock)_token=[\w-]{20,}/);
    expect(joined).not.toMatch(/chrysos_session=/);
  });
});
