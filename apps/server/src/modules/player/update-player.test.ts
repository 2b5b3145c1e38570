import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const password = 'correct horse battery';

describe.each(testDatabaseKinds)('PATCH /player on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cookie = '';
  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, LICENSE: 'estonia' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: { email: 'dimitra@example.gr', password, terms_acceptance: true, age_acceptance: true },
      },
    });
    cookie = cookieOf(created);
    // The confirmation email is stamped on the player after the answer; let it land first.
    await app.afterResponseSettled();
  });
  afterAll(() => app.closeAll());

  const patch = (body: Record<string, unknown>, session = cookie) =>
    app.inject({ method: 'PATCH', url: '/api/player', headers: { cookie: session }, payload: body });
  const stored = async () =>
    (
      await app.database.db
        .select()
        .from(schema.players)
        .where(eq(schema.players.email, 'dimitra@example.gr'))
    )[0];

  it('saves personal details and returns them in the player', async () => {
    const response = await patch({
      context: 'profile',
      player: {
        first_name: 'Dimitra',
        last_name: 'Papadopoulou',
        date_of_birth: '14.03.1990',
        phone: '+30 694 123 4567',
        city: 'Θεσσαλονίκη',
        receive_promos: true,
        receive_sms_promos: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Dimitra',
      date_of_birth: '14.03.1990',
      phone: '+30 694 123 4567',
      city: 'Θεσσαλονίκη',
      receive_promos: true,
      receive_sms_promos: true,
    });
  });

  it('names every invalid detail and changes nothing', async () => {
    const before = await stored();
    const response = await patch({
      context: 'profile',
      player: {
        first_name: 'محمد',
        date_of_birth: '14.03.2007',
        phone: '12',
        receive_promos: false,
        receive_sms_promos: true,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['Please enter data in English letters'],
      // 19 years old is under age under the Estonian licence (21).
      date_of_birth: ['Underage'],
      phone: ['Must be a valid phone'],
      receive_sms_promos: ['Requires receive_promos'],
    });
    expect(response.json().codes).toEqual({
      first_name: ['validation.notArabic'],
      date_of_birth: ['validation.adult'],
      phone: ['validation.phone'],
      receive_sms_promos: ['validation.requires'],
    });
    expect(await stored()).toEqual(before);
  });

  it('stores markup and SQL-looking text inert', async () => {
    const hostile = "Robert'); DROP TABLE players;-- <img src=x onerror=alert(1)>";
    const response = await patch({ context: 'profile', player: { address: hostile } });
    expect(response.statusCode).toBe(200);
    expect(response.json().address).toBe(hostile);
    expect((await stored())?.address).toBe(hostile);
  });

  it('changes the password only with the current one, ending other sessions', async () => {
    const other = cookieOf(
      await app.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        payload: { user: { email: 'dimitra@example.gr', password } },
      }),
    );
    const wrong = await patch({
      context: 'change_password',
      player: {
        current_password: 'not it',
        password: 'a fresh passphrase',
        password_confirmation: 'a fresh passphrase',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      errors: { current_password: ['is incorrect'] },
      codes: { current_password: ['auth.current_password_wrong'] },
    });

    const changed = await patch({
      context: 'change_password',
      player: {
        current_password: password,
        password: 'a fresh passphrase',
        password_confirmation: 'a fresh passphrase',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/player', headers: { cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/player', headers: { cookie: other } })).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email: 'dimitra@example.gr', password: 'a fresh passphrase' } },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('completes registration with a country and currency, after which nothing is missing', async () => {
    const before = (await app.inject({ url: '/api/info/player_fields', headers: { cookie } })).json();
    expect(before.contexts.complete_registration).toEqual(['country', 'currency']);
    const unknown = await patch({
      context: 'complete_registration',
      player: { country: 'ZZ', currency: 'EUR' },
    });
    expect(unknown.json().errors).toEqual({ country: ['is not a known country'] });
    const done = await patch({
      context: 'complete_registration',
      player: { country: 'gr', currency: 'EUR' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ country: 'GR', currency: 'EUR', auth_fields_missed: [] });
    const after = (await app.inject({ url: '/api/info/player_fields', headers: { cookie } })).json();
    expect(after.contexts.complete_registration).toEqual([]);
  });

  it('refuses visitors and unknown contexts', async () => {
    expect((await patch({ context: 'profile', player: {} }, '')).statusCode).toBe(401);
    const unknown = await patch({ context: 'admin', player: { groups: ['vip'] } });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['context']);
  });
});
