import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { infoApi, urlOf } from '@chrysos/contract';
import { openTestDatabase } from '@chrysos/db/testing';
import autocannon from 'autocannon';
import { startProduct } from '../e2e/server.ts';

/**
 * Throughput and latency of the built product's hot paths next to a bare Fastify route measured in
 * the same run. Prints figures; it never passes or fails on them. React's own cost comes first: the
 * home page's tree rendered again and again from one request's data, with no request around it
 * (bench/render-home.ts), the baseline of the cold rows. Anonymous pages are measured cold
 * (the render cache off: every request renders) and warm (the cache on, as deployed); the signed-in
 * page and the session check always render. With DATABASE_URL the product runs on a fresh PostgreSQL
 * database, otherwise on embedded PGlite; on PostgreSQL the warm home and the session check are measured
 * again on a server of two processes (SERVER_PROCESSES=2, decision 31), next to the one-process rows.
 * Last, what Sentry costs (decision 37): the same routes with error reporting off, on for errors only
 * and on with tracing at the spec's 10 %, reporting to a receiver on loopback (`--sentry-only` runs
 * just that).
 *   node bench/http.ts [--duration 10] [--connections 50] [--sentry-only] [--rounds 3]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 50);
const sentryOnly = process.argv.includes('--sentry-only');
const sentryRounds = argument('rounds', 3);
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function startBaseline() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./baseline-server.ts', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill('SIGTERM') };
}

/** React alone, in a process of its own started as the server is (production React). */
async function measureRawRender(): Promise<Figures[]> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./render-home.ts', import.meta.url)), String(duration)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '' },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`bench/render-home.ts exited with ${code}`);
  const renders = JSON.parse(output) as Omit<Figures, 'baseline' | 'errors'>[];
  return renders.map((render) => ({ ...render, baseline: '—', errors: 0 }));
}

interface Figures {
  name: string;
  baseline: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerRequest: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  baseline = 'bare Fastify',
): Promise<Figures> {
  const options = {
    url,
    connections,
    headers: { 'user-agent': browserAgent, 'accept-encoding': 'br, gzip', ...headers },
  };
  // A short warm-up so the JIT and caches are in the state a running server is in.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration });
  return {
    name,
    baseline,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx,
  };
}

let signUps = 0;
/** A player of the product, signed in: the cookie header their browser sends. */
async function signedIn(url: string): Promise<string> {
  // Products of one run may share a database (PostgreSQL): each player an address of their own, and
  // each sign-up from a client address of its own (the products trust X-Forwarded-For), as the e2e set-up does.
  signUps += 1;
  const email = `bench-${Date.now().toString(36)}-${signUps}@example.gr`;
  const password = 'Lantern-Harbour-58';
  const headers = {
    'content-type': 'application/json',
    'user-agent': browserAgent,
    'x-forwarded-for': `10.77.${signUps}.1`,
  };
  const user = { email, password, country: 'GR', terms_acceptance: true, age_acceptance: true };
  const signUp = await fetch(`${url}/api/users`, { method: 'POST', headers, body: JSON.stringify({ user }) });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const session = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return `i18n_redirected=en; ${session}`;
}

/** The receiver in a process of its own (bench/sentry-receiver-process.ts): its DSN, and its counts at the end. */
async function startReceiverProcess() {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./sentry-receiver-process.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines: string[] = [];
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    lines.push(...complete);
  });
  while (lines.length === 0) await once(child.stdout, 'data');
  return {
    dsn: lines[0] as string,
    async stop(): Promise<{ envelopes: number; spans: number; events: number }> {
      child.kill('SIGTERM');
      await once(child, 'exit');
      return JSON.parse(lines[1] ?? '{"envelopes":0,"spans":0,"events":0}');
    },
  };
}

/**
 * Sentry's cost on the server, the products differing only in SENTRY_*: off (no DSN), errors only
 * (a DSN, SENTRY_TRACES_SAMPLE_RATE=0) and tracing at 0.1, all reporting to one receiver on loopback.
 * The modes take turns, round after round, and each row is the median of its rounds: a machine
 * whose load drifts during the run (other processes, the JIT) weighs on every mode alike.
 */
async function measureErrorReporting(env: Record<string, string>) {
  const receiver = await startReceiverProcess();
  const modes: { mode: string; env: Record<string, string> }[] = [
    { mode: 'off', env: {} },
    { mode: 'errors only', env: { SENTRY_DSN: receiver.dsn, SENTRY_TRACES_SAMPLE_RATE: '0' } },
    { mode: 'tracing 10 %', env: { SENTRY_DSN: receiver.dsn, SENTRY_TRACES_SAMPLE_RATE: '0.1' } },
  ];
  const products = [];
  // One after the other: on PostgreSQL the first migrates.
  for (const { env: sentry } of modes) products.push(await startProduct({ env: { ...env, ...sentry } }));
  try {
    const targets = await Promise.all(
      products.map(
        async (product): Promise<{ name: string; url: string; headers: Record<string, string> }[]> => [
          {
            name: 'GET /api/info/currencies',
            url: `${product.url}${urlOf(infoApi.currencies)}`,
            headers: {},
          },
          {
            name: 'GET / (home, en), warm',
            url: `${product.url}/`,
            headers: { cookie: 'i18n_redirected=en' },
          },
          {
            name: 'GET /api/player (session check)',
            url: `${product.url}/api/player`,
            headers: { cookie: await signedIn(product.url) },
          },
        ],
      ),
    );
    const runs = new Map<string, Figures[]>();
    for (let round = 0; round < sentryRounds; round++) {
      for (const [index, { mode }] of modes.entries()) {
        for (const target of targets[index] ?? []) {
          const key = `${target.name}\u0000${mode}`;
          runs.set(key, [...(runs.get(key) ?? []), await measure(target.name, target.url, target.headers)]);
        }
      }
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const rows = (targets[0] ?? []).flatMap((target) => {
      const off = median((runs.get(`${target.name}\u0000off`) ?? []).map((run) => run.requestsPerSecond));
      return modes.map(({ mode }) => {
        const figures = runs.get(`${target.name}\u0000${mode}`) ?? [];
        const requestsPerSecond = median(figures.map((run) => run.requestsPerSecond));
        return {
          target: target.name,
          'error reporting': mode,
          'req/s': Math.round(requestsPerSecond),
          'p50 ms': median(figures.map((run) => run.p50)),
          'p99 ms': median(figures.map((run) => run.p99)),
          'of off': mode === 'off' ? '—' : `${((100 * requestsPerSecond) / off).toFixed(1)} %`,
          'req/s by round': figures.map((run) => Math.round(run.requestsPerSecond)).join(' '),
          errors: figures.reduce((sum, run) => sum + run.errors, 0),
        };
      });
    });
    console.log(
      `\nError reporting (Sentry) on the server: ${connections} connections, ${duration} s per target, ` +
        `median of ${sentryRounds} rounds, Node ${process.version}, ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
    );
    console.table(rows);
  } finally {
    await Promise.all(products.map((product) => product.stop()));
    const received = await receiver.stop();
    console.log(
      `the receiver took ${received.envelopes} envelopes: ${received.spans} spans, ${received.events} error ` +
        'events. Decision 37: tracing is on by default only while it costs at most 5 % of the throughput off',
    );
  }
}

if (sentryOnly) {
  const database = process.env.DATABASE_URL ? await openTestDatabase('postgres') : undefined;
  try {
    await measureErrorReporting(database?.url ? { DATABASE_URL: database.url } : {});
  } finally {
    await database?.close();
  }
  process.exit(0);
}

const rawRenders = await measureRawRender();
const database = process.env.DATABASE_URL ? await openTestDatabase('postgres') : undefined;
const env: Record<string, string> = database?.url ? { DATABASE_URL: database.url } : {};
const baseline = await startBaseline();
// One after the other on PostgreSQL: the first migrates and seeds.
const cold = await startProduct({ env: { ...env, RENDER_CACHE_SECONDS: '0' } });
const warm = await startProduct({ env });
const two = database ? await startProduct({ env: { ...env, SERVER_PROCESSES: '2' } }) : undefined;
try {
  const returning = { cookie: 'i18n_redirected=en' };
  const greek = { cookie: 'i18n_redirected=el' };
  const player = { cookie: await signedIn(warm.url) };
  const publicRoute = `${warm.url}${urlOf(infoApi.currencies)}`;
  const reactAlone = rawRenders.at(-1)?.name ?? '—';
  const rows = [
    await measure('bare Fastify GET /', `${baseline.url}/`, {}, '—'),
    ...rawRenders,
    await measure('GET /api/info/currencies (public API)', publicRoute),
    await measure('GET / (SSR home, en), cold: every request renders', `${cold.url}/`, returning, reactAlone),
    await measure('GET /el (SSR home, el), cold', `${cold.url}/el`, greek, reactAlone),
    await measure('GET / (home, en), warm: render cache', `${warm.url}/`, returning),
    await measure('GET /el (home, el), warm', `${warm.url}/el`, greek),
    await measure('GET / signed in (renders for the player)', `${warm.url}/`, player),
    await measure('GET /api/player (session check)', `${warm.url}/api/player`, player, 'public API'),
  ];
  if (two) {
    const playerOnTwo = { cookie: await signedIn(two.url) };
    rows.push(
      await measure(
        'GET / (home, en), warm, 2 processes',
        `${two.url}/`,
        returning,
        'GET / (home, en), warm: render cache',
      ),
      await measure(
        'GET /api/player, 2 processes',
        `${two.url}/api/player`,
        playerOnTwo,
        'GET /api/player (session check)',
      ),
    );
  }
  const byName = new Map(rows.map((row) => [row.name.startsWith('bare') ? 'bare Fastify' : row.name, row]));
  byName.set('public API', rows.find((row) => row.name.includes('public API')) as Figures);
  console.log(
    `\n${connections} connections, ${duration} s per target, Node ${process.version}, ` +
      `${database ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.table(
    rows.map((row) => {
      const base = byName.get(row.baseline);
      return {
        target: row.name,
        'req/s': Math.round(row.requestsPerSecond),
        'p50 ms': row.p50,
        'p99 ms': row.p99,
        'bytes/req': Math.round(row.bytesPerRequest),
        ratio: base ? `${(row.requestsPerSecond / base.requestsPerSecond).toFixed(3)}× ${row.baseline}` : '—',
        errors: row.errors,
      };
    }),
  );
  console.log(
    'targets (issue 20): SSR home warm ≥ 1,500 req/s and p99 ≤ 100 ms at 50 connections; ' +
      'GET /api/player ≥ 50 % of the public route. The React rows are one render after the other ' +
      '(renders/s, ms per render) in one process',
  );
} finally {
  baseline.stop();
  await Promise.all([cold.stop(), warm.stop(), two?.stop()]);
}
try {
  await measureErrorReporting(env);
} finally {
  await database?.close();
}
