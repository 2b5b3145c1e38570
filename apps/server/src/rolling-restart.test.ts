import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@chrysos/db/testing';
import { signBody } from '@chrysos/wallet-protocol';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Haproxy } from './testing/failover/haproxy.ts';
import { RedisServer } from './testing/failover/redis-server.ts';
import { describeOnPostgres } from './testing/on-postgres.ts';
import { patience, waitUntil } from './testing/wait.ts';
import {
  type BankPlayer,
  credited,
  depositThroughCashier,
  newRecord,
  protocolBody,
  signUpPlayers,
  studio,
  studioSecret,
} from './testing/wallet/bank-harness.ts';
import { ServerProcess } from './testing/wallet/server-process.ts';

const fixtures = fileURLToPath(new URL('./modules/content/fixtures', import.meta.url));
/** Visitors watching the big wins, each with a WebSocket of their own through the balancer. */
const watchers = 1_000;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** One visitor's connection, and what it was told on public:wins. */
interface Watcher {
  client: Centrifuge;
  publications: PublicationContext[];
  /** Each time its subscription came back after a lost connection: whether the missed ones came with it. */
  resubscribed: { recovered: boolean; afterMs: number }[];
}

/**
 * The WebSocket of a visitor at `address`: the balancer passes X-Forwarded-For on (TRUST_PROXY), as for
 * visitors behind a CDN, so the instances count each visitor's sockets apart (50 a visitor, realtime/hub.ts).
 */
function socketFrom(address: string): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[] | WebSocketInit) {
      // Node's WebSocket (undici) takes headers in its options, beside the protocols.
      const init =
        typeof protocols === 'string' || Array.isArray(protocols) ? { protocols } : (protocols ?? {});
      super(url, { ...init, headers: { 'x-forwarded-for': address } });
    }
  };
}

function watch(url: string, n: number): Watcher {
  const client = new Centrifuge(url, {
    minReconnectDelay: 100,
    maxReconnectDelay: 1_000,
    timeout: 10_000,
    websocket: socketFrom(`198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`),
  });
  const watcher: Watcher = { client, publications: [], resubscribed: [] };
  let lostAt: number | undefined;
  client.on('connecting', () => {
    lostAt ??= Date.now();
  });
  const wins = client.newSubscription('public:wins', { positioned: true, recoverable: true });
  wins.on('publication', (ctx) => watcher.publications.push(ctx));
  wins.on('subscribed', (ctx) => {
    if (ctx.wasRecovering && lostAt !== undefined) {
      watcher.resubscribed.push({ recovered: ctx.recovered, afterMs: Date.now() - lostAt });
    }
    lostAt = undefined;
  });
  wins.subscribe();
  client.connect();
  return watcher;
}

/**
 * A rolling restart as a deploy does it (issue 34): three instances behind HAProxy, each stopped in
 * turn with SIGTERM (it drains: readiness fails, the balancer takes it out, then it closes, sending its
 * sockets away with reconnect advice) and started again, while a studio plays through the balancer and
 * a thousand visitors watch the big wins. No request fails; every visitor's connection comes back and
 * recovers what it missed; none misses or twice receives a win.
 */
describeOnPostgres('a rolling restart of three instances behind HAProxy', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let redis: RedisServer;
  let instances: ServerProcess[];
  let proxy: Haproxy;
  const audience: Watcher[] = [];

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
      TRUST_PROXY: 'true',
      INSTANCES: '3',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'rolling:',
      CAPTCHA_HMAC_KEY: 'rolling-test-captcha-key-0123456789abcdef',
      SANDBOX_PSP_SECRET: 'rolling-test-psp-secret-0123456789abcdef',
      STUDIO_SECRET: 'rolling-test-studio-secret-0123456789abcd',
      // Every win is a big one, so each is a publication every visitor must get.
      REALTIME_BIG_WIN_CENTS: '1',
      REALTIME_HISTORY_SIZE: '10000',
      // Longer than HAProxy takes to see a failing /readyz (two checks 500 ms apart).
      DRAIN_SECONDS: '2',
      SHUTDOWN_TIMEOUT_SECONDS: '30',
    };
    instances = [new ServerProcess(env), new ServerProcess(env), new ServerProcess(env)];
    await Promise.all(instances.map((instance) => instance.start()));
    proxy = new Haproxy(
      await freePort(),
      instances.map((instance) => instance.port),
    );
    await proxy.start();
  });
  afterAll(async () => {
    for (const watcher of audience) watcher.client.disconnect();
    await proxy?.stop();
    for (const instance of instances ?? []) instance.kill();
    await redis?.kill();
    await database?.close();
  });

  it(
    'fails no request, and every visitor recovers each win it missed, once and in order',
    async () => {
      const [player] = (await signUpPlayers(proxy.url, database.db, 1)) as [BankPlayer];
      await depositThroughCashier(proxy.url, player, { amount: 20_000 }, newRecord());
      await credited(proxy.url, player, 20_000);

      const wsUrl = `ws://127.0.0.1:${proxy.port}/connection/websocket`;
      for (let n = 0; n < watchers; n++) audience.push(watch(wsUrl, n));
      await waitUntil(() =>
        expect(audience.filter((w) => w.client.state === 'connected')).toHaveLength(watchers),
      );

      // The studio plays rounds one after another, each call sent once: a failed one is a failure.
      const failures: string[] = [];
      let wins = 0;
      let playing = true;
      const call = async (path: string, fields: Record<string, unknown>) => {
        const body = protocolBody(player, fields);
        try {
          const response = await fetch(`${proxy.url}/wallet/${path}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-chrysos-studio': studio,
              'x-chrysos-signature': signBody(body, studioSecret),
            },
            body,
          });
          // An answer of the proxy's own (an HTML 503 while no instance is up) says which, by its status.
          const text = await response.text();
          const answer = (text.startsWith('{') ? JSON.parse(text) : { status: text.slice(0, 60) }) as {
            status: string;
          };
          if (answer.status !== 'RS_OK') failures.push(`${path}: ${response.status} ${answer.status}`);
          return answer.status === 'RS_OK';
        } catch (error) {
          failures.push(`${path}: ${(error as Error).message}`);
          return false;
        }
      };
      const studioPlays = (async () => {
        while (playing) {
          const round = randomUUID();
          if (!(await call('transaction/bet', { transaction_uuid: round, round, amount: 100 }))) continue;
          const won = await call('transaction/win', {
            transaction_uuid: randomUUID(),
            reference_transaction_uuid: round,
            round,
            amount: 150,
            round_closed: true,
          });
          if (won) wins++;
        }
      })();

      // Each instance in turn, as a deploy rolls: stopped (it drains first), started, back in the pool.
      await waitUntil(() => expect(wins).toBeGreaterThan(5));
      for (const instance of instances) {
        await instance.stop();
        await instance.start();
        await waitUntil(async () =>
          expect((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status).toBe(200),
        );
        const before = wins;
        await waitUntil(() => expect(wins).toBeGreaterThan(before + 5));
      }
      playing = false;
      await studioPlays;

      expect(failures).toEqual([]);
      // Every visitor has every win: once each, in the order published, whatever instance it was on.
      await waitUntil(() => {
        for (const watcher of audience) expect(watcher.publications).toHaveLength(wins);
      });
      const offsets = (watcher: Watcher) =>
        watcher.publications.map((publication) => Number(publication.offset));
      const published = offsets(audience[0] as Watcher);
      expect(new Set(published).size).toBe(wins);
      for (const watcher of audience) expect(offsets(watcher)).toEqual(published);
      // Those sent away by a stopping instance came back with what they missed.
      const resubscribed = audience.flatMap((watcher) => watcher.resubscribed);
      expect(resubscribed.length).toBeGreaterThanOrEqual(watchers);
      expect(resubscribed.filter(({ recovered }) => !recovered)).toEqual([]);
      const afterMs = resubscribed.map(({ afterMs }) => afterMs).sort((a, b) => a - b);
      console.info(
        `rolling restart: ${wins} wins published, ${resubscribed.length} reconnections, back with what they missed after ` +
          `p50 ${afterMs[Math.floor(afterMs.length / 2)]} ms, p99 ${afterMs[Math.floor(afterMs.length * 0.99)]} ms, max ${afterMs.at(-1)} ms`,
      );
    },
    10 * patience,
  );
});
