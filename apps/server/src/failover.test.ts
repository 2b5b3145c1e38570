import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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

  it('runs each scheduled job once per occurrence, whichever instances are up', async () => {
    // Every instance schedules the same minute jobs; pg-boss's cron pass, on whichever instance claims
    // it, files each occurrence once (a send-it job under the minute it is due) and forwards it to the
    // job's queue. Left out: the repeating jobs (\`every\`: their queue keeps one run waiting, so a minute
    // occurrence is dropped by design) and notifications.announce, which the app also sends itself.
    const occurrences = async () => {
      const result = await database.db.execute(sql`
        select s.name,
          (select count(*)::int from pgboss.job j where j.name = s.name) as jobs,
          (select count(*)::int from pgboss.job j where j.name = s.name and j.state <> 'completed') as unfinished,
          (select array_agg(distinct o.data->>'slot') from pgboss.job o
            where o.name = '__pgboss__send-it' and o.data->>'name' = s.name) as slots,
          (select count(*)::int from pgboss.job o
            where o.name = '__pgboss__send-it' and o.data->>'name' = s.name and o.state <> 'completed') as unsent
        from pgboss.schedule s
        join pgboss.queue q on q.name = s.name and q.policy <> 'short'
        where s.cron = '* * * * *' and s.name <> 'notifications.announce'
        order by s.name`);
      return (
        result as unknown as {
          rows: { name: string; jobs: number; unfinished: number; slots: string[] | null; unsent: number }[];
        }
      ).rows;
    };
    // Occurrences during the chaos and after it, at least two minutes' worth for every job, each sent
    // on and run: pg-boss's pass comes every 30 s, so this waits on the clock, a minute or two.
    const settled = await vi.waitFor(
      async () => {
        const rows = await occurrences();
        expect(rows.map(({ name }) => name)).toEqual(
          expect.arrayContaining(['bonuses.lapse', 'lottery.draw', 'mail.retry', 'tournaments.finish']),
        );
        for (const row of rows) {
          expect(row.slots?.length ?? 0).toBeGreaterThanOrEqual(2);
          expect(row.unsent).toBe(0);
          expect(row.unfinished).toBe(0);
        }
        return rows;
      },
      { timeout: 240_000, interval: 1_000 },
    );
    const minute = 60_000;
    for (const { name, jobs, slots } of settled) {
      const times = (slots ?? [])
        .map((slot) => Date.parse(`${slot.replace(' ', 'T')}Z`))
        .sort((a, b) => a - b);
      const first = times[0] ?? 0;
      // One run per occurrence, and no minute skipped while instances died, froze and came back.
      expect({ name, jobs }).toEqual({ name, jobs: times.length });
      expect(times).toEqual(times.map((_, n) => first + n * minute));
    }
  }, 300_000);
});
