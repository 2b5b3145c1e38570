import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@chrysos/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLedger, betsPaidAndRefunded } from './modules/wallet/invariants.ts';
import { rateLimits } from './platform/rate-limit.ts';
import { Haproxy } from './testing/failover/haproxy.ts';
import { RedisServer } from './testing/failover/redis-server.ts';
import { describeOnPostgres } from './testing/on-postgres.ts';
import { waitUntil } from './testing/wait.ts';
import {
  bookingProblems,
  newRecord,
  runLoad,
  settleCashier,
  signUpPlayers,
  studio,
  studioSecret,
} from './testing/wallet/bank-harness.ts';
import { ServerProcess } from './testing/wallet/server-process.ts';

const fixtures = fileURLToPath(new URL('./modules/content/fixtures', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Failover as an operator sees it (issue 34): HAProxy in front of three instances on one PostgreSQL and
 * one Redis, the wallet bank test's load going through the proxy while a chaos loop kills an instance,
 * freezes another and lets it go on, stops a third the way a deploy does, and kills Redis. Clients send
 * whatever got no answer again under its key, as studios do. The same invariants as the bank test hold.
 */
describeOnPostgres('three instances behind HAProxy, under chaos', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let redis: RedisServer;
  let instances: [ServerProcess, ServerProcess, ServerProcess];
  let proxy: Haproxy;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = new RedisServer(await freePort());
    await redis.start();
    const env = {
      DATABASE_URL: database.url,
      // Pools of four: three instances and the browser lane's products share PostgreSQL's 100 connections.
      DATABASE_POOL_SIZE: '4',
      CONTENT_DIR: fixtures,
      WALLET_STUDIOS: JSON.stringify({ [studio]: studioSecret }),
      WITHDRAWAL_AUTO_APPROVE_BELOW: '{"EUR":8000}',
      TRUST_PROXY: 'true',
      // Several instances: start-up refuses them without a broker and the secrets they share.
      INSTANCES: '3',
      REDIS_URL: redis.url,
      // One prefix for the three, as one deployment has (ServerProcess gives each its own otherwise).
      REDIS_KEY_PREFIX: 'failover:',
      CAPTCHA_HMAC_KEY: 'failover-test-captcha-key-0123456789abcdef',
      SANDBOX_PSP_SECRET: 'failover-test-psp-secret-0123456789abcdef',
      STUDIO_SECRET: 'failover-test-studio-secret-0123456789abcd',
    };
    instances = [new ServerProcess(env), new ServerProcess(env), new ServerProcess(env)];
    // Together: their deploy steps queue on the advisory lock instead of racing.
    await Promise.all(instances.map((instance) => instance.start()));
    proxy = new Haproxy(
      await freePort(),
      instances.map((instance) => instance.port),
    );
    await proxy.start();
  });
  afterAll(async () => {
    await proxy?.stop();
    for (const instance of instances ?? []) {
      instance.resume();
      instance.kill();
    }
    await redis?.kill();
    await database?.close();
  });

  it('keeps every invariant while instances are killed, frozen and restarted and Redis is killed', async () => {
    const [first, second, third] = instances;
    const players = await signUpPlayers(proxy.url, database.db, 12);
    const record = newRecord();
    const chaos: string[] = [];
    // Each instance stays away until the balancer has taken it out of the pool, however fast the load runs.
    const takenOut = (name: string) => waitUntil(() => expect(proxy.log()).toContain(`${name} is DOWN`));
    const steps = new Map<number, () => Promise<void>>([
      [
        200,
        async () => {
          first.kill();
          chaos.push('instance 1 killed');
          await takenOut('instance1');
          await first.start();
        },
      ],
      [
        350,
        async () => {
          second.pause();
          chaos.push('instance 2 frozen');
          await takenOut('instance2');
          second.resume();
          chaos.push('instance 2 running again');
        },
      ],
      [
        700,
        async () => {
          await redis.kill();
          chaos.push('redis killed');
          await redis.start();
        },
      ],
      [
        900,
        async () => {
          await third.stop();
          chaos.push('instance 3 stopped');
          await takenOut('instance3');
          await third.start();
        },
      ],
    ]);
    await runLoad({
      baseUrl: proxy.url,
      players,
      operations: 1_200,
      concurrency: 12,
      seed: 34,
      record,
      onProgress: async (done) => {
        const step = steps.get(done);
        steps.delete(done);
        await step?.();
      },
    });
    await settleCashier(database.db);

    expect(chaos).toEqual([
      'instance 1 killed',
      'instance 2 frozen',
      'instance 2 running again',
      'redis killed',
      'instance 3 stopped',
    ]);
    // The balancer took each instance out of the pool (takenOut) and put it back; what it could not send
    // on, the clients sent again under the same key (record.networkErrors counts them; HAProxy's own
    // retries often leave none).
    // The last one back is seen at the balancer's next check.
    await waitUntil(() => {
      for (const name of ['instance1', 'instance2', 'instance3'])
        expect(proxy.log()).toContain(`${name} is UP`);
    });
    expect(record.unknownAnswers).toEqual([]);
    expect(record.replayMismatches).toEqual([]);
    expect(await bookingProblems(database.db, record)).toEqual([]);
    expect(await auditLedger(database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
    expect(await betsPaidAndRefunded(database.db)).toEqual([]);
  }, 600_000);

  it('allows exactly the requests one instance would, whichever instance answers', async () => {
    const { max } = rateLimits.contactMessage;
    const send = () =>
      fetch(`${proxy.url}/api/send_contact_message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.34' },
        body: JSON.stringify({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }),
      });
    const statuses: number[] = [];
    // Round robin over three instances: each answers some of them.
    for (let n = 0; n < max + 3; n++) statuses.push((await send()).status);
    expect(statuses).toEqual([...Array<number>(max).fill(201), 429, 429, 429]);
  });
});
