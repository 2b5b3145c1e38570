import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { infoApi, urlOf } from '@chrysos/contract';
import { openTestDatabase } from '@chrysos/db/testing';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import { startProduct } from '../e2e/server.ts';

/**
 * Where the server's time goes under one load (issue 36: profile before optimising). Starts the built
 * product with the inspector on, drives one target with autocannon, and records a CPU profile of the
 * server over the measured seconds only (not its start or the warm-up), through the inspector's
 * Profiler domain. Prints the throughput, the self time by function and by package, and writes the
 * profile for Chrome's DevTools.
 *   node bench/profile.ts signed-in|cold|warm|session|public|ingest [--duration 10] [--connections 50] [--out file]
 * With DATABASE_URL the product runs on a fresh PostgreSQL database, otherwise on embedded PGlite.
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const scenario = process.argv[2] ?? 'signed-in';
const duration = Number(argument('duration', '10'));
const connections = Number(argument('connections', '50'));
const out = argument('out', `/tmp/chrysos-${scenario}.cpuprofile`);
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** The back-end analytics source of the ingest scenario (never rate-limited). */
const serverWriteKey = `profile-server-source-${randomUUID()}`;
/** A batch of 10 new events, as @segment/analytics-node posts them. */
const analyticsBatch = () =>
  JSON.stringify({
    batch: Array.from({ length: 10 }, () => ({
      type: 'track',
      event: 'Game Launched',
      messageId: randomUUID(),
      anonymousId: randomUUID(),
      timestamp: new Date().toISOString(),
      properties: { game: 'golden-drachma', category: 'slots', position: 3 },
      context: { library: { name: 'profile', version: '1' }, page: { path: '/games/all' } },
    })),
    sentAt: new Date().toISOString(),
  });

interface Scenario {
  path: string;
  player: boolean;
  env: Record<string, string>;
  /** A POST of this body (made anew per request) with these headers, instead of a GET. */
  post?: { body: () => string; headers: Record<string, string> };
}

const scenarios: Record<string, Scenario> = {
  'signed-in': { path: '/', player: true, env: {} },
  cold: { path: '/', player: false, env: { RENDER_CACHE_SECONDS: '0' } },
  warm: { path: '/', player: false, env: {} },
  session: { path: '/api/player', player: true, env: {} },
  public: { path: urlOf(infoApi.currencies), player: false, env: {} },
  ingest: {
    path: '/analytics/v1/b',
    player: false,
    env: { ANALYTICS_SERVER_WRITE_KEY: serverWriteKey },
    post: {
      body: analyticsBatch,
      headers: {
        'content-type': 'text/plain',
        authorization: `Basic ${Buffer.from(`${serverWriteKey}:`).toString('base64')}`,
      },
    },
  },
};
const chosen = scenarios[scenario];
if (!chosen) throw new Error(`no scenario ${scenario}: ${Object.keys(scenarios).join(', ')}`);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A player of the product, signed in: the cookie header their browser sends. */
async function signedIn(url: string): Promise<string> {
  const email = `profile-${Date.now().toString(36)}@example.gr`;
  const user = {
    email,
    password: 'Lantern-Harbour-58',
    country: 'GR',
    terms_acceptance: true,
    age_acceptance: true,
  };
  const signUp = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': browserAgent,
      'x-forwarded-for': '10.78.0.1',
    },
    body: JSON.stringify({ user }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  return `i18n_redirected=en; ${(signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? ''}`;
}

/** The inspector's protocol over its WebSocket: one call at a time. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) throw new Error('no inspector target');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  return {
    call<T>(method: string, params: object = {}): Promise<T> {
      id += 1;
      const sent = id;
      return new Promise((resolve) => {
        pending.set(sent, resolve as (result: unknown) => void);
        socket.send(JSON.stringify({ id: sent, method, params }));
      });
    },
    close: () => socket.close(),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The package (or our own folder) a script belongs to, so the table says whose code the time is in. */
function ownerOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const modules = url.split('/node_modules/');
  if (modules.length > 1) {
    const rest = modules.at(-1) ?? '';
    const parts = rest.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? rest);
  }
  if (url.startsWith('node:')) return 'node';
  const own = /\/(apps\/[^/]+\/(?:src|app|build)\/(?:[^/]+\/)?[^/]+|packages\/[^/]+)/.exec(url);
  return own?.[1] ?? url;
}

function summarise(profile: CpuProfile) {
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const sample of profile.samples) {
    const node = nodes.get(sample);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
    const owner = functionName === '(idle)' ? '(idle)' : ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
  }
  const table = (counts: Map<string, number>, limit: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ self: `${((100 * count) / total).toFixed(1)} %`, name }));
  console.log(`\nself time by package or folder (${total} samples)`);
  console.table(table(byOwner, 25));
  console.log('self time by function');
  console.table(table(byFunction, 40));
}

const database = process.env.DATABASE_URL ? await openTestDatabase('postgres') : undefined;
const inspectPort = await freePort();
const product = await startProduct({
  env: {
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ...chosen.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim(),
  },
});
try {
  const headers: Record<string, string> = {
    'user-agent': browserAgent,
    'accept-encoding': 'br, gzip',
    cookie: chosen.player ? await signedIn(product.url) : 'i18n_redirected=en',
  };
  const post = chosen.post;
  const options: autocannon.Options = {
    url: `${product.url}${chosen.path}`,
    connections,
    headers: { ...headers, ...post?.headers },
    ...(post
      ? {
          method: 'POST' as const,
          requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: post.body() }) }],
        }
      : {}),
  };
  await autocannon({ ...options, duration: 3 });
  const session = await inspector(inspectPort);
  await session.call('Profiler.enable');
  await session.call('Profiler.setSamplingInterval', { interval: 200 });
  await session.call('Profiler.start');
  const result = await autocannon({ ...options, duration });
  const { profile } = await session.call<{ profile: CpuProfile }>('Profiler.stop');
  session.close();
  await writeFile(out, JSON.stringify(profile));
  console.log(
    `${scenario}: ${post ? 'POST' : 'GET'} ${chosen.path}, ${connections} connections, ${duration} s, ` +
      `${database ? 'PostgreSQL' : 'PGlite'}: ${Math.round(result.requests.average)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} errors; ` +
      `profile in ${out}`,
  );
  summarise(profile);
} finally {
  await product.stop();
  await database?.close();
}
