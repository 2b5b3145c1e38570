import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { parseConfig } from './modules/config.ts';
import { rateLimits } from './platform/rate-limit.ts';
import { cookieOf } from './testing/accounts.ts';
import { startIssuer, testClient, throughProvider } from './testing/oidc-issuer.ts';
import { describeOnPostgres } from './testing/on-postgres.ts';
import { dropRedisKeys, redisKeys, testRedisPrefix, testRedisUrl } from './testing/redis.ts';

/*
 * ARCHITECTURE.md, Scale-out: N instances behind a load balancer must behave as one. Two apps, each with
 * its own connection pool as two processes would have, on one PostgreSQL database (and one Redis when
 * the shared state is kept there); every request below picks its instance as a balancer might.
 */

const fixtures = fileURLToPath(new URL('./modules/content/fixtures', import.meta.url));
const site = 'http://casino.test';
const password = 'correct horse battery';
const accounts = { zoe: { email: 'zoe@example.gr', email_verified: true, given_name: 'Zoe' } };
const captchaRequired = {
  errors: { captcha: ['is required'] },
  codes: { captcha: ['auth.captcha_required'] },
};

type Instance = Awaited<ReturnType<typeof buildApp>>;

function scaleOutSuite(store: 'database' | 'redis', redisUrl?: string) {
  const prefix = testRedisPrefix();
  let database: Database & { url?: string };
  const pools: Database[] = [];
  const instances: Instance[] = [];
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    issuer = await startIssuer(site, accounts);
    database = await openTestDatabase('postgres');
    const env = {
      NODE_ENV: 'test',
      CONTENT_DIR: fixtures,
      PUBLIC_URL: site,
      CAPTCHA_AFTER_FAILED_SIGN_INS: '3',
      // Several instances share the key, as README asks, so a challenge from one is solved on another.
      CAPTCHA_HMAC_KEY: 'a-captcha-key-every-instance-of-this-test-shares',
      SOCIAL_PROVIDERS: JSON.stringify([
        { name: 'acme', label: 'Acme ID', issuer: issuer.issuer, ...testClient },
      ]),
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : {}),
    };
    for (let started = 0; started < 2; started++) {
      const pool = await createDatabase({ url: database.url, poolSize: 4 });
      pools.push(pool);
      const app = await buildApp({ config: parseConfig(env), database: pool, web: false, logger: false });
      await app.ready();
      instances.push(app);
    }
    [a, b] = instances as [Instance, Instance];
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const pool of pools) await pool.close();
    await database?.close();
    await issuer?.close();
    if (redisUrl) await dropRedisKeys(redisUrl, prefix);
  });

  /** The instance of the n-th request: alternately one and the other. */
  const either = (n: number) => (n % 2 === 0 ? a : b);

  it(`keeps the shared state in ${store === 'redis' ? 'Redis' : 'the database'}`, async () => {
    await a.inject({ url: '/api/captcha/challenge' });
    const counters = await database.db.select().from(schema.rateLimits);
    if (store === 'redis') {
      expect(counters).toEqual([]);
      expect(await redisKeys(redisUrl ?? '', prefix)).not.toEqual([]);
    } else {
      expect(counters).toEqual([expect.objectContaining({ count: 1 })]);
    }
  });

  it('allows a limit of N requests from one address across both instances, not N on each', async () => {
    const message = { name: 'N', email: 'n@example.com', subject: 'S', message: 'M' };
    const send = (n: number, remoteAddress = '198.51.100.20') =>
      either(n).inject({ method: 'POST', url: '/api/send_contact_message', payload: message, remoteAddress });
    const { max } = rateLimits.contactMessage;
    const statuses: number[] = [];
    for (let n = 0; n < max + 2; n++) statuses.push((await send(n)).statusCode);
    expect(statuses).toEqual([...Array<number>(max).fill(201), 429, 429]);
    const refused = await send(0);
    expect(refused.json()).toEqual({
      errors: { base: [expect.stringMatching(/^Too many messages\. Please try again in \d+ minutes\.$/)] },
      codes: { base: ['support.too_many_messages'] },
      params: { base: [{ minutes: expect.any(Number) }] },
    });
    expect((await send(1, '198.51.100.21')).statusCode).toBe(201);
    expect(await database.db.$count(schema.contactMessages)).toBe(max + 1);
  });

  it('counts sign-in attempts from one address across both instances', async () => {
    const signIn = (n: number) =>
      either(n).inject({
        method: 'POST',
        url: '/api/users/sign_in',
        remoteAddress: '198.51.100.30',
        payload: { user: { email: 'nobody@example.gr', password: 'wrong password' } },
      });
    const { max } = rateLimits.signIn;
    // Parallel, half on each instance: the store's counting must be atomic, not only shared.
    const statuses = await Promise.all(Array.from({ length: max + 4 }, (_, n) => signIn(n)));
    expect(statuses.filter(({ statusCode }) => statusCode === 429)).toHaveLength(4);
  });

  /** What the browser does with the captcha widget: fetch a challenge, find the number, send it back. */
  async function solve(from: Instance): Promise<string> {
    const challenge = (
      await from.inject({ url: '/api/captcha/challenge', remoteAddress: '198.51.100.40' })
    ).json();
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

  it('asks for a captcha after failed sign-ins counted across both instances, and takes a solution once', async () => {
    const email = 'ioanna@example.gr';
    const signedUp = await a.inject({
      method: 'POST',
      url: '/api/users',
      remoteAddress: '198.51.100.41',
      payload: { user: { email, password, terms_acceptance: true, age_acceptance: true } },
    });
    expect(signedUp.statusCode).toBe(201);
    const signIn = (from: Instance, user: Record<string, unknown>) =>
      from.inject({
        method: 'POST',
        url: '/api/users/sign_in',
        remoteAddress: '198.51.100.42',
        payload: { user: { email, ...user } },
      });

    // Three failures (the threshold here), split over the instances: neither saw three itself.
    for (const from of [a, b, a]) expect((await signIn(from, { password: 'not it' })).statusCode).toBe(401);
    for (const from of [b, a]) {
      expect((await signIn(from, { password })).json()).toEqual(captchaRequired);
    }

    const captcha = await solve(a);
    expect((await signIn(b, { password, captcha })).statusCode).toBe(200);
    // The solution was spent on B: A refuses it too.
    expect((await signIn(a, { password, captcha })).json()).toEqual(captchaRequired);
  });

  it('completes a social sign-in started on one instance on the other', async () => {
    const started = await a.inject({ url: '/users/auth/acme' });
    expect(started.statusCode).toBe(302);
    const pending = started.cookies.find((cookie) => cookie.name === 'chrysos_social_sign_in');
    const back = await throughProvider(site, String(started.headers.location), 'zoe');

    const finished = await b.inject({
      url: back.slice(site.length),
      headers: { cookie: `chrysos_social_sign_in=${pending?.value}` },
    });
    expect(finished.statusCode).toBe(302);
    expect(finished.headers.location).toBe('/');
    const player = await a.inject({ url: '/api/player', headers: { cookie: cookieOf(finished) } });
    expect(player.json()).toMatchObject({ email: 'zoe@example.gr', first_name: 'Zoe' });

    // Used once, wherever it is replayed.
    const replayed = await a.inject({
      url: back.slice(site.length),
      headers: { cookie: `chrysos_social_sign_in=${pending?.value}` },
    });
    expect(replayed.headers.location).toBe('/users/sign_in?social_error=1');
  });
}

describeOnPostgres('two instances, shared state in PostgreSQL', () => {
  scaleOutSuite('database');
});

if (process.env.DATABASE_URL && !testRedisUrl) {
  console.info('skipped "two instances, shared state in Redis": set REDIS_URL (e.g. redis://127.0.0.1:6379)');
}
describe.skipIf(!process.env.DATABASE_URL || !testRedisUrl)('two instances, shared state in Redis', () => {
  scaleOutSuite('redis', testRedisUrl);
});
