import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../testing/accounts.ts';
import { buildTestApp } from '../testing/build-test-app.ts';

const email = 'eleni@example.gr';
const password = 'correct horse battery';

/** Answers that depend on who asks: no browser or shared cache may keep them. */
const personal: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/player' },
  { method: 'GET', url: '/api/player/transactions' },
  { method: 'GET', url: '/api/player/transactions/totals' },
  { method: 'GET', url: '/api/player/accounts' },
  { method: 'GET', url: '/api/info/player_fields' },
  { method: 'PATCH', url: '/api/player/update_locale', payload: { locale: 'el' } },
  { method: 'POST', url: '/api/users/sign_in', payload: { user: { email, password: 'wrong password!' } } },
];

describe.each(testDatabaseKinds)('Cache-Control of personal answers on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cookie = '';
  beforeAll(async () => {
    app = await buildTestApp(kind);
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { email, password, terms_acceptance: true, age_acceptance: true } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    cookie = cookieOf(created);
    await app.afterResponseSettled();
  });
  afterAll(() => app.closeAll());

  it.each(personal)('$method $url is private, no-store for a visitor', async (call) => {
    const response = await app.inject(call);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each(personal)('$method $url is private, no-store for a signed-in player', async (call) => {
    const response = await app.inject({ ...call, headers: { cookie } });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('marks the sign-in that starts a session and the sign-out that ends it', async () => {
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email, password } },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const signedOut = await app.inject({
      method: 'DELETE',
      url: '/api/users/sign_out',
      headers: { cookie: cookieOf(signedIn) },
    });
    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves public answers cacheable as before, signed in or not', async () => {
    for (const url of ['/api/info/currencies', '/api/info/countries', '/api/info/project']) {
      for (const headers of [{}, { cookie }]) {
        const response = await app.inject({ url, headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBeUndefined();
      }
    }
  });
});
