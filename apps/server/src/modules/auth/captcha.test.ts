import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const password = 'correct horse battery';

const captchaRequired = {
  errors: { captcha: ['is required'] },
  codes: { captcha: ['auth.captcha_required'] },
};

describe('proof-of-work captcha', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      CAPTCHA_AFTER_FAILED_SIGN_INS: '2',
      CAPTCHA_ON_SIGN_UP: 'true',
    });
  });
  afterAll(() => app.closeAll());

  /** What the browser does: fetch a challenge, find the number, send the signed solution back. */
  async function solve(): Promise<string> {
    const challenge = (await app.inject({ url: '/api/captcha/challenge' })).json();
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    if (!solution) throw new Error('challenge not solvable');
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }),
    ).toString('base64');
  }

  const signUp = (user: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { user: { password, terms_acceptance: true, age_acceptance: true, ...user } },
    });
  const signIn = (user: Record<string, unknown>, remoteAddress = '192.0.2.10') =>
    app.inject({ method: 'POST', url: '/api/users/sign_in', remoteAddress, payload: { user } });

  it('lists the captcha as required on sign-up and accepts the request repeated with a solution', async () => {
    const refused = await signUp({ email: 'ioanna@example.gr' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(captchaRequired);

    const token = await solve();
    const accepted = await signUp({ email: 'ioanna@example.gr', captcha: token });
    expect(accepted.statusCode).toBe(201);

    const replayed = await signUp({ email: 'other@example.gr', captcha: token });
    expect(replayed.json()).toEqual(captchaRequired);
    const forged = await signUp({
      email: 'other@example.gr',
      captcha: Buffer.from('{"number":1}').toString('base64'),
    });
    expect(forged.json()).toEqual(captchaRequired);
  });

  it('asks for a captcha after failed sign-ins from one address, not from others', async () => {
    const wrong = { email: 'ioanna@example.gr', password: 'not the password' };
    expect((await signIn(wrong)).statusCode).toBe(401);
    expect((await signIn(wrong)).statusCode).toBe(401);
    const refused = await signIn({ email: 'ioanna@example.gr', password });
    expect(refused.json()).toEqual(captchaRequired);
    expect((await signIn({ email: 'ioanna@example.gr', password }, '192.0.2.99')).statusCode).toBe(200);

    const accepted = await signIn({ email: 'ioanna@example.gr', password, captcha: await solve() });
    expect(accepted.statusCode).toBe(200);
  });

  it('tells the client where to fetch challenges', async () => {
    const settings = (await app.inject({ url: '/api/player/settings' })).json();
    expect(settings).toMatchObject({
      captcha: { provider: 'altcha', challenge_url: '/api/captcha/challenge' },
      validate_email: false,
      allowed_email_domains: null,
    });
    const challenge = await app.inject({ url: settings.captcha.challenge_url });
    expect(challenge.headers['cache-control']).toBe('no-store');
    expect(challenge.json()).toMatchObject({
      algorithm: 'SHA-256',
      salt: expect.stringContaining('expires='),
    });
  });
});
