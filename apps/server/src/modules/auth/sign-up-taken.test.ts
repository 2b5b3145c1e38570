import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '../../platform/rate-limit.ts';
import type { buildTestApp } from '../../testing/build-test-app.ts';

/** Every password the sign-up hashed, in order: the work a known address costs, seen from outside. */
const hashed = vi.hoisted(() => [] as string[]);
vi.mock('../../platform/passwords.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform/passwords.ts')>();
  return {
    ...actual,
    hashPassword: (password: string) => {
      hashed.push(password);
      return actual.hashPassword(password);
    },
  };
});

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
/** Below the per-address limit, so the captcha comes first; each solution takes seconds to find. */
const captchaAfter = 4;
const solving = { timeout: 120_000 };

/**
 * Sign-up must say when an address is taken, since it signs a new player in (spec §4): issue 31
 * item 9 and decision 32. A known address costs the same work as a new one, and asking is limited per
 * address and per client, with a captcha after a few attempts (the limit per client alone, without
 * a captcha, is auth.test.ts's).
 */
describe('sign-up with a registered address', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // Test files share a worker's modules (isolate: false): the app's are evaluated again, so they
    // import the mock above rather than the passwords module an earlier file loaded.
    vi.resetModules();
    const { buildTestApp } = await import('../../testing/build-test-app.ts');
    app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      CAPTCHA_AFTER_SIGN_UPS: String(captchaAfter),
    });
  });
  afterAll(() => app.closeAll());
  beforeEach(() => {
    hashed.length = 0;
  });

  let client = 0;
  /** Each sign-up from an address of its own unless one is given. */
  const signUp = (email: string, password: string, options: { from?: string; captcha?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: options.from ?? `203.0.113.${++client}`,
      payload: {
        user: {
          email,
          password,
          terms_acceptance: true,
          age_acceptance: true,
          ...(options.captcha ? { captcha: options.captcha } : {}),
        },
      },
    });
  const codesOf = (response: Awaited<ReturnType<typeof signUp>>) => response.json().codes;

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

  it('hashes the password of a known address as it does a new one before saying it is taken', async () => {
    const created = await signUp('penelope@example.gr', 'first passphrase of hers');
    expect(created.statusCode).toBe(201);
    expect(hashed).toEqual(['first passphrase of hers']);

    const taken = await signUp('Penelope@Example.gr', 'someone else guessing');
    expect(taken.statusCode).toBe(422);
    expect(codesOf(taken)).toEqual({ email: ['auth.email_taken'] });
    expect(hashed).toEqual(['first passphrase of hers', 'someone else guessing']);
  });

  it('asks one client for a captcha after a few sign-ups, not another client', solving, async () => {
    const from = '198.51.100.40';
    for (let n = 0; n < captchaAfter; n++) {
      expect((await signUp(`visitor-${n}@example.gr`, 'a long passphrase', { from })).statusCode).toBe(201);
    }
    const asked = await signUp('visitor-next@example.gr', 'a long passphrase', { from });
    expect(asked.statusCode).toBe(422);
    expect(codesOf(asked)).toEqual({ captcha: ['auth.captcha_required'] });
    // Refused before any work: nothing was hashed for it.
    expect(hashed).toHaveLength(captchaAfter);
    expect((await signUp('elsewhere@example.gr', 'a long passphrase')).statusCode).toBe(201);
    const solved = await signUp('visitor-next@example.gr', 'a long passphrase', {
      from,
      captcha: await solve(),
    });
    expect(solved.statusCode).toBe(201);
  });

  it(
    'asks for a captcha after a few sign-ups naming one address, then refuses more from any client',
    solving,
    async () => {
      const address = 'odysseus@example.gr';
      expect((await signUp(address, 'his own passphrase')).statusCode).toBe(201);
      for (let n = 1; n < captchaAfter; n++) {
        expect(codesOf(await signUp(address, `guess number ${n}`))).toEqual({ email: ['auth.email_taken'] });
      }
      // Every client now meets a captcha for this address, and only for this one.
      expect(codesOf(await signUp(address, 'another guess'))).toEqual({ captcha: ['auth.captcha_required'] });
      expect((await signUp('telemachus@example.gr', 'his son’s passphrase')).statusCode).toBe(201);

      const { max } = rateLimits.signUpEmail;
      for (let n = captchaAfter; n < max; n++) {
        const answered = await signUp(address, `guess number ${n}`, { captcha: await solve() });
        expect(codesOf(answered)).toEqual({ email: ['auth.email_taken'] });
      }
      const limited = await signUp(address, 'one guess too many', { captcha: await solve() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        codes: { base: ['rate_limited'] },
        params: { base: [{ minutes: expect.any(Number) }] },
      });
      expect(limited.json().errors.base[0]).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes\.$/,
      );
      // Over the limit, nothing is hashed for the address any more.
      expect(hashed.filter((password) => password === 'one guess too many')).toEqual([]);
    },
  );
});
