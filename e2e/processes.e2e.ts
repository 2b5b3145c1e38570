import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { openTestDatabase } from '@chrysos/db/testing';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { patience } from './browser.ts';
import { browserAgent, createPlayer } from './harness/players.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * The product served by two processes on one machine (SERVER_PROCESSES=2, node:cluster on one port)
 * on one PostgreSQL database: every request may land on either, so a session, a captcha and the
 * failed sign-ins that ask for it hold across both; a worker that dies is replaced while the other
 * serves; stopping the server stops both.
 */
const postgres = process.env.DATABASE_URL;
const redis = process.env.REDIS_URL;
const describeOnPostgres = postgres && redis ? describe : describe.skip;
if (!postgres || !redis) {
  console.info(
    'skipped the two-process specs: they run on PostgreSQL and Redis; set DATABASE_URL and REDIS_URL',
  );
}

/** What several processes must share (the product refuses to start without it): a broker and the secrets. */
const shared = () => ({
  REDIS_URL: redis ?? '',
  // Keys of their own, so counters of an earlier run in the shared Redis do not carry over.
  REDIS_KEY_PREFIX: `chrysos-e2e-processes-${Date.now().toString(36)}:`,
  CAPTCHA_HMAC_KEY: 'e2e-processes-captcha-key-0123456789abcdef',
  SANDBOX_PSP_SECRET: 'e2e-processes-sandbox-psp-0123456789abcdef',
  STUDIO_SECRET: 'e2e-processes-studio-secret-0123456789abcdef',
});
const metricsToken = 'e2e-processes-metrics-token-0123456789abcdef';

/** The processes whose parent is `pid` (Linux: the field after the state in /proc/<pid>/stat). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** One request on a connection of its own, so the balancer (the kernel, here) picks a process for each. */
function call(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: string; cookie: string | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const sent = request(
      `${base}${path}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: {
          'user-agent': browserAgent,
          ...(payload ? { 'content-type': 'application/json', origin: base } : {}),
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            cookie: response.headers['set-cookie']?.[0]?.split(';')[0],
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

describeOnPostgres('two processes on one machine', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let product: RunningProduct;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    product = await startProduct({
      env: {
        DATABASE_URL: database.url ?? '',
        SERVER_PROCESSES: '2',
        DATABASE_POOL_SIZE: '4',
        METRICS_TOKEN: metricsToken,
        ...shared(),
      },
    });
    await vi.waitFor(() => expect(childrenOf(product.pid)).toHaveLength(2), { timeout: patience });
    // Both listen: the primary says so once the last one has started.
    await vi.waitFor(() => expect(product.output()).toContain('serving from 2 processes'), {
      timeout: patience,
    });
  });
  afterAll(async () => {
    await product?.stop();
    await database?.close();
  });

  it('keeps a player signed in whichever process answers, and asks for a captcha the other one checks', async () => {
    const email = `two-processes-${Date.now().toString(36)}@example.gr`;
    const password = 'Lantern-Harbour-58';
    await createPlayer(product.url, { email, password, language: 'en' });
    const signedIn = await call(product.url, '/api/users/sign_in', {
      method: 'POST',
      body: { user: { email, password } },
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.cookie as string;
    for (let i = 0; i < 12; i++) {
      const answer = await call(product.url, '/api/player', { headers: { cookie } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).email).toBe(email);
    }

    // Five failed sign-ins, wherever they land, and the sixth must carry a captcha.
    const signIn = (user: Record<string, unknown>) =>
      call(product.url, '/api/users/sign_in', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.77' },
        body: { user: { email, ...user } },
      });
    for (let i = 0; i < 5; i++) expect((await signIn({ password: 'not it' })).status).toBe(401);
    expect(JSON.parse((await signIn({ password })).body).codes).toEqual({
      captcha: ['auth.captcha_required'],
    });
    // Each challenge comes from one process and its solution goes to the next connection's: both
    // sign with the one key the primary handed them. A captcha one of them did not sign is refused.
    for (let i = 0; i < 6; i++) {
      const challenge = JSON.parse((await call(product.url, '/api/captcha/challenge')).body);
      const solution = await solveChallenge(
        challenge.challenge,
        challenge.salt,
        challenge.algorithm,
        challenge.maxnumber,
      ).promise;
      const { algorithm, salt, signature } = challenge;
      const captcha = Buffer.from(
        JSON.stringify({
          algorithm,
          challenge: challenge.challenge,
          number: solution?.number,
          salt,
          signature,
        }),
      ).toString('base64');
      // A wrong password with a good captcha: refused for the password, so the captcha stays required.
      const answer = await signIn({ password: 'still not it', captcha });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).codes?.captcha).toBeUndefined();
    }
  });

  it('answers a scrape with both processes’ metrics, whichever one it reaches', async () => {
    const scrape = async () => {
      const answer = await call(product.url, '/metrics', {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      expect(answer.status).toBe(200);
      const readiness = answer.body
        .split('\n')
        .filter((line) => line.startsWith('chrysos_http_request_duration_seconds_count{'))
        .filter((line) => line.includes('route="/readyz"'));
      const instances = new Set([...answer.body.matchAll(/instance="([^"]*)"/g)].map((match) => match[1]));
      return { readiness: readiness.map((line) => Number(line.split(' ').at(-1))), instances };
    };
    const before = (await scrape()).readiness.reduce((sum, count) => sum + count, 0);
    // Each on a connection of its own: the kernel hands them to the two processes in turn.
    for (let i = 0; i < 10; i++) expect((await call(product.url, '/readyz')).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const { readiness, instances } = await scrape();
      // One machine, however many processes: one series, holding every process's requests.
      expect(instances.size).toBe(1);
      expect(readiness).toEqual([before + 10]);
    }
  });

  it('replaces a process that dies while the other serves, and stops both on SIGTERM', async () => {
    const [victim, survivor] = childrenOf(product.pid) as [number, number];
    process.kill(victim, 'SIGKILL');
    await vi.waitFor(
      () => {
        const now = childrenOf(product.pid);
        expect(now).toHaveLength(2);
        expect(now).not.toContain(victim);
      },
      { timeout: patience },
    );
    const replacement = childrenOf(product.pid).find((pid) => pid !== survivor) as number;
    for (let i = 0; i < 6; i++) expect((await call(product.url, '/readyz')).status).toBe(200);

    await product.stop();
    expect(childrenOf(product.pid)).toEqual([]);
    for (const pid of [survivor, replacement]) expect(() => process.kill(pid, 0)).toThrow();
  });
});
