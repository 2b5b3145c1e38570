import { createHmac } from 'node:crypto';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../testing/accounts.ts';
import { buildTestApp } from '../testing/build-test-app.ts';

const operatorToken = 'operator-token-for-tests-0123456789abcdef';
const studioSecret = 'studio-secret-for-error-tests-0123456789';
const notAllowed = 'Contains characters that are not allowed';
/** A new client address per request, so the per-address rate limits of the forms stay out of the way. */
let clients = 0;
const remoteAddress = () => `10.0.${Math.floor(++clients / 250)}.${clients % 250}`;

describe.each(testDatabaseKinds)('one error handler for the whole app on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cookie = '';

  beforeAll(async () => {
    app = await buildTestApp(kind, { OPERATOR_API_TOKEN: operatorToken, STUDIO_SECRET: studioSecret });
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'errors@example.gr',
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(created.statusCode).toBe(201);
    cookie = cookieOf(created);
  });
  afterAll(() => app.closeAll());

  const contact = { name: 'Eleni', email: 'eleni@example.gr', subject: 'A question', message: 'Hello there' };
  const signUp = {
    email: 'nul@example.gr',
    password: 'correct horse battery',
    terms_acceptance: true,
    age_acceptance: true,
  };
  const nul = (value: string) => `${value}\u0000`;
  /** Every free-text field a person types, where a NUL byte used to reach PostgreSQL and fail as a 500. */
  const textFields: [string, string, string, (value: string) => unknown][] = [
    ['sign-in email', '/api/users/sign_in', 'email', (email) => ({ user: { email, password: 'whatever1' } })],
    ['sign-up email', '/api/users', 'email', (email) => ({ user: { ...signUp, email } })],
    ['contact name', '/api/send_contact_message', 'name', (name) => ({ ...contact, name })],
    ['contact email', '/api/send_contact_message', 'email', (email) => ({ ...contact, email })],
    ['contact subject', '/api/send_contact_message', 'subject', (subject) => ({ ...contact, subject })],
    ['contact message', '/api/send_contact_message', 'message', (message) => ({ ...contact, message })],
    ...['first_name', 'last_name', 'city', 'address', 'postal_code'].map(
      (field): [string, string, string, (value: string) => unknown] => [
        `profile ${field}`,
        '/api/player',
        `player.${field}`,
        (value) => ({ context: 'profile', player: { [field]: value } }),
      ],
    ),
    [
      'deposit bonus code',
      '/api/payments/deposits',
      'bonus_code',
      (code) => ({ currency: 'EUR', amount_cents: 1_000, method: 'card', bonus_code: code }),
    ],
  ];

  it.each(textFields)(
    'refuses a NUL byte in the %s with a 422 naming the field',
    async (_, url, field, body) => {
      const response = await app.inject({
        method: url === '/api/player' ? 'PATCH' : 'POST',
        url,
        headers: { cookie },
        remoteAddress: remoteAddress(),
        payload: body(nul('Nikos')) as Record<string, unknown>,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toContain(notAllowed);
    },
  );

  it('refuses a NUL byte in an operator’s reason for rejecting a withdrawal', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/operator/withdrawals/3f0c1a52-7a7e-4c55-9d7c-0b5a4f1e2d3c/reject',
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { reason: nul('Documents missing') },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.reason).toContain(notAllowed);
  });

  it('refuses line breaks in one-line fields but keeps them in a message', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      remoteAddress: remoteAddress(),
      payload: { ...contact, subject: 'Two\nlines' },
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({
      errors: { subject: [notAllowed] },
      codes: { subject: ['validation.characters'] },
    });
    const message = await app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      remoteAddress: remoteAddress(),
      payload: { ...contact, message: 'First line\r\nSecond line\tand a tab' },
    });
    expect(message.statusCode).toBe(201);
  });

  it('refuses control characters in any string of any validated request, keys included', async () => {
    const query = await app.inject({ url: '/api/payments/methods?currency=EU%00R' });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors.currency).toContain(notAllowed);
    const deep = await app.inject({
      method: 'POST',
      url: '/api/content/query',
      payload: { collection: 'textPages', locale: 'en', where: { slug: ['a', 'b\u0007'] } },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors['where.slug.1']).toContain(notAllowed);
  });

  it.each([
    ['null', '/api/send_contact_message'],
    ['not a url', '/api/users/sign_out'],
    ['https://', '/games-api/seeds'],
    ['null', '/sandbox-psp/pay/pay_AAAAAAAAAAAAAAAA'],
  ])('refuses Origin: %s with a session cookie on %s as a 403 that says why', async (origin, url) => {
    const response = await app.inject({
      method: url === '/api/users/sign_out' ? 'DELETE' : url === '/games-api/seeds' ? 'PUT' : 'POST',
      url,
      headers: { cookie, origin },
      remoteAddress: remoteAddress(),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      errors: { base: ['This request did not come from the Chrysos Casino site'] },
      codes: { base: ['request.cross_site'] },
    });
  });

  it('says why in Greek to a request that asks for Greek', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      headers: { cookie, origin: 'https://elsewhere.example', 'accept-language': 'el' },
      remoteAddress: remoteAddress(),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      errors: { base: ['Αυτό το αίτημα δεν προήλθε από τον ιστότοπο του Chrysos Casino'] },
      codes: { base: ['request.cross_site'] },
    });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'answers a wallet call from studio id %s as an unknown studio',
    async (studio) => {
      const body = JSON.stringify({
        user: 'x',
        token: 'y',
        request_uuid: 'r',
        game_code: 'g',
        currency: 'EUR',
      });
      const response = await app.inject({
        method: 'POST',
        url: '/wallet/user/balance',
        headers: {
          'content-type': 'application/json',
          'x-chrysos-studio': studio,
          'x-chrysos-signature': createHmac('sha256', '[object Object]').update(body).digest('hex'),
        },
        body,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    },
  );

  it('refuses a sandbox payment page post that is not a form, saying what to send', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie },
      payload: { currency: 'EUR', amount_cents: 1_000, method: 'card' },
    });
    const page: string = started.json().redirect_url;
    for (const [type, payload] of [
      ['application/json', '{"number":"4242424242424242","action":"pay"}'],
      ['text/plain', 'number=4242424242424242'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: page,
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        errors: { content_type: ['Send the payment form as application/x-www-form-urlencoded'] },
        codes: { content_type: ['cashier.payment_form_type'] },
        params: { content_type: [{ type: 'application/x-www-form-urlencoded' }] },
      });
    }
    const unknown = await app.inject({ url: '/sandbox-psp/pay/%00' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers malformed addresses and unknown paths outside /api in the same JSON shape', async () => {
    const bad = await app.inject({ url: '/sandbox-psp/pay/%E0%A4%A' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: { path: ['The address is not a valid URL'] },
      codes: { path: ['request.bad_url'] },
    });
    const missing = await app.inject({ method: 'DELETE', url: '/nothing/here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      errors: { path: ['No endpoint DELETE /nothing/here'] },
      codes: { path: ['request.no_endpoint'] },
      params: { path: [{ method: 'DELETE', path: '/nothing/here' }] },
    });
    const badJson = await app.inject({
      method: 'POST',
      url: '/games-api/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({
      errors: { body: ['The request body is not valid JSON'] },
      codes: { body: ['request.invalid_json'] },
    });
  });
});

describe.each(testDatabaseKinds)('faults of ours on %s', (kind) => {
  it('never shows a caller their text, inside /api or out', async () => {
    const app = await buildTestApp(kind);
    await app.database.close();
    // The sandbox PSP's delivery pass meets the same fault: logged, not an unhandled rejection.
    await expect(app.sandboxPsp.deliverDue()).resolves.toBeUndefined();
    for (const request of [
      { url: '/sandbox-psp/pay/pay_AAAAAAAAAAAAAAAA' },
      { url: '/games-api/session', headers: { 'x-studio-session': 'a-session-id' } },
      {
        method: 'POST' as const,
        url: '/api/users/sign_in',
        payload: { user: { email: 'a@b.gr', password: 'x' } },
      },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        errors: { base: ['Something went wrong on our side. Please try again.'] },
        codes: { base: ['internal'] },
      });
    }
    await app.close();
  });
});
