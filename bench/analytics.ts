import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { infoApi, urlOf } from '@chrysos/contract';
import { openTestDatabase } from '@chrysos/db/testing';
import autocannon from 'autocannon';
import { startProduct } from '../e2e/server.ts';

/**
 * The analytics ingest under load (issue 37): batches of 10 events, each event a new message id, as
 * a back end's analytics-node posts them (the server write key, which the per-address limit leaves
 * alone), and the session_end beacon, next to the public API route and a bare Fastify route of the
 * same run. With DATABASE_URL on a fresh PostgreSQL database, else embedded PGlite. Prints figures;
 * it never passes or fails on them.
 *   node bench/analytics.ts [--duration 10] [--connections 50]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 50);
const perBatch = 10;
const serverKey = `bench-server-source-${randomUUID()}`;

async function startBaseline() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./baseline-server.ts', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill('SIGTERM') };
}

const event = () => ({
  type: 'track',
  event: 'Game Launched',
  messageId: randomUUID(),
  anonymousId: randomUUID(),
  timestamp: new Date().toISOString(),
  properties: { game: 'golden-drachma', category: 'slots', position: 3 },
  context: { library: { name: 'bench', version: '1' }, page: { path: '/games/all' } },
});

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  await autocannon({ ...options, connections, duration: 2 });
  const result = await autocannon({ ...options, connections, duration });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The same target held at a fixed rate (autocannon's overallRate) instead of as fast as it answers:
 * the latency a caller sees at the issue's rate, where the saturation figures above show queueing.
 */
const atRate = (name: string, perSecond: number, options: autocannon.Options) =>
  measure(`${name} at ${perSecond.toLocaleString('en')} req/s`, { ...options, overallRate: perSecond });

const database = process.env.DATABASE_URL ? await openTestDatabase('postgres') : undefined;
const baseline = await startBaseline();
const product = await startProduct({
  env: { ...(database?.url ? { DATABASE_URL: database.url } : {}), ANALYTICS_SERVER_WRITE_KEY: serverKey },
});
try {
  const bare = await measure('bare Fastify GET /', { url: `${baseline.url}/` });
  const publicRoute = await measure('GET /api/info/currencies (public API)', {
    url: `${product.url}${urlOf(infoApi.currencies)}`,
  });
  const ingestOptions: autocannon.Options = {
    url: `${product.url}/analytics/v1/b`,
    method: 'POST',
    headers: {
      'content-type': 'text/plain',
      authorization: `Basic ${Buffer.from(`${serverKey}:`).toString('base64')}`,
    },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            batch: Array.from({ length: perBatch }, event),
            sentAt: new Date().toISOString(),
          }),
        }),
      },
    ],
  };
  const beaconOptions: autocannon.Options = {
    url: `${product.url}/api/send-event`,
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            event: 'session_end',
            messageId: randomUUID(),
            anonymousId: randomUUID(),
            duration_ms: 120_000,
            path: '/games/all',
          }),
        }),
      },
    ],
  };
  const ingest = await measure(`POST /analytics/v1/b (${perBatch} events each)`, ingestOptions);
  // 10,000 events/s: the issue's rate.
  const ingestAtRate = await atRate(`POST /analytics/v1/b (${perBatch} events each)`, 1_000, ingestOptions);
  const beacon = await measure('POST /api/send-event (session_end beacon)', beaconOptions);
  const beaconAtRate = await atRate('POST /api/send-event (session_end beacon)', 1_000, beaconOptions);
  console.log(
    `\n${connections} connections, ${duration} s per target, Node ${process.version}, ${database ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.table(
    [bare, publicRoute, ingest, ingestAtRate, beacon, beaconAtRate].map((row) => ({
      target: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'events/s':
        row === ingest || row === ingestAtRate
          ? Math.round(row.requestsPerSecond * perBatch)
          : row === beacon || row === beaconAtRate
            ? Math.round(row.requestsPerSecond)
            : '—',
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      ratio:
        row === bare ? '—' : `${(row.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}× bare Fastify`,
      errors: row.errors,
    })),
  );
  console.log(
    'targets (issue 37): ingest ≥ 10,000 events/s per instance on PostgreSQL with p99 ≤ 50 ms; the beacon answered in p99 ≤ 5 ms.',
  );
} finally {
  await product.stop();
  baseline.stop();
  await database?.close();
}
