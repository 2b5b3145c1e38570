import { endpoints } from '@chrysos/contract/client';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetApiCaches, sendWithCaptcha } from './form-api';

const hmacKey = 'test-only-hmac-key';
const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake server: answers by "METHOD url" and records every request. */
function fakeFetch(answer: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call, calls.length - 1);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const settings = {
  captcha: { provider: 'altcha', challenge_url: '/api/captcha/challenge' },
  validate_email: true,
};
const player = { id: '0b6b5b0e-3b0c-4a53-9b8a-2d9a3f3e8f11', email: 'eleni@example.gr' };

describe('sendWithCaptcha (spec §5/§8)', () => {
  beforeEach(() => forgetApiCaches());
  afterEach(() => vi.unstubAllGlobals());

  it('returns the first answer when no captcha is asked for, without fetching settings', async () => {
    const calls = fakeFetch(() => json(401, { errors: { base: ['Invalid email or password'] } }));
    const response = await sendWithCaptcha(endpoints.auth.signIn, {
      body: { user: { email: player.email, password: 'wrong' } },
    });
    expect(response.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('solves the challenge and repeats the same request once with user.captcha', async () => {
    const challenge = await createChallenge({ hmacKey, maxnumber: 2000, number: 1234 });
    const onSolving = vi.fn();
    const calls = fakeFetch((call) => {
      if (call.url === '/api/player/settings') return json(200, settings);
      if (call.url === '/api/captcha/challenge') return json(200, challenge);
      const captcha = (call.body as { user: { captcha?: string } }).user.captcha;
      return captcha
        ? json(200, player)
        : json(422, { errors: { captcha: ['is required'] }, codes: { captcha: ['auth.captcha_required'] } });
    });

    const response = await sendWithCaptcha(
      endpoints.auth.signIn,
      { body: { user: { email: player.email, password: 'a sturdy passphrase' } } },
      onSolving,
    );

    expect(response).toEqual({ ok: true, status: 200, body: player });
    expect(onSolving).toHaveBeenCalledOnce();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/users/sign_in',
      'GET /api/player/settings',
      'GET /api/captcha/challenge',
      'POST /api/users/sign_in',
    ]);
    const repeated = calls[3]?.body as { user: Record<string, string> };
    expect(repeated.user).toMatchObject({ email: player.email, password: 'a sturdy passphrase' });
    const payload = JSON.parse(atob(repeated.user.captcha ?? ''));
    expect(payload).toEqual({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
    expect(await verifySolution(repeated.user.captcha ?? '', hmacKey)).toBe(true);
  });

  it('puts the captcha in `user` for bodies without one, and tries only once', async () => {
    const challenge = await createChallenge({ hmacKey, maxnumber: 50, number: 7 });
    const calls = fakeFetch((call) => {
      if (call.url === '/api/player/settings') return json(200, settings);
      if (call.url === '/api/captcha/challenge') return json(200, challenge);
      return json(422, {
        errors: { captcha: ['is required'] },
        codes: { captcha: ['auth.captcha_required'] },
      });
    });
    const response = await sendWithCaptcha(endpoints.player.update, {
      body: { context: 'profile', player: { city: 'Volos' } },
    });
    expect(response.status).toBe(422);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2);
    expect(calls.at(-1)?.body).toMatchObject({
      context: 'profile',
      player: { city: 'Volos' },
      user: { captcha: expect.any(String) },
    });
  });

  it('gives back the first answer when the challenge cannot be fetched', async () => {
    const calls = fakeFetch((call) => {
      if (call.url === '/api/player/settings') return json(200, settings);
      if (call.url === '/api/captcha/challenge') return json(503, { errors: { base: ['unavailable'] } });
      return json(422, {
        errors: { captcha: ['is required'] },
        codes: { captcha: ['auth.captcha_required'] },
      });
    });
    const response = await sendWithCaptcha(endpoints.auth.requestPasswordReset, {
      body: { user: { email: player.email } },
    });
    expect(response).toEqual({
      ok: false,
      status: 422,
      body: { errors: { captcha: ['is required'] }, codes: { captcha: ['auth.captcha_required'] } },
    });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('asks for the settings again after they failed to load', async () => {
    let settingsAnswers = 0;
    fakeFetch((call) => {
      if (call.url === '/api/player/settings') {
        settingsAnswers += 1;
        return settingsAnswers === 1 ? json(500, {}) : json(200, settings);
      }
      if (call.url === '/api/captcha/challenge') return json(503, {});
      return json(422, {
        errors: { captcha: ['is required'] },
        codes: { captcha: ['auth.captcha_required'] },
      });
    });
    await sendWithCaptcha(endpoints.auth.resendUnlock, { body: { user: { email: player.email } } });
    await sendWithCaptcha(endpoints.auth.resendUnlock, { body: { user: { email: player.email } } });
    expect(settingsAnswers).toBe(2);
  });
});
