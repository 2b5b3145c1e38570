import { randomUUID } from 'node:crypto';
import { experimentsApi, infoApi, urlOf } from '@chrysos/contract';
import { openTestDatabase } from '@chrysos/db/testing';
import autocannon from 'autocannon';
import pg from 'pg';
import { startProduct } from '../e2e/server.ts';

/**
 * A/B tests' core API (issue 37, docs/decisions/0043): GET /api/v2/ab/:testId on the built product on
 * PostgreSQL, next to the public API route GET /api/info/currencies measured in the same run. Rows: a
 * returning visitor (their stored assignment read: the common case), a visitor without the analytics
 * cookie (no assignment at all), and a new visitor on every request (hashed, stored and the exposure
 * recorded in one transaction: every first ask). Each is measured twice: one connection asking one
 * request after the other (the latency a page's client sees, p50 and p99) and `--connections` at once
 * (throughput, and the latency under that queue). Target: p99 ≤ 2 ms on one connection for the
 * returning visitor. Prints figures; never passes or fails.
 *   DATABASE_URL=postgres://… node bench/ab.ts [--duration 10] [--connections 50]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 50);
if (!process.env.DATABASE_URL) {
  console.log('bench/ab.ts skipped: it measures on PostgreSQL; set DATABASE_URL=postgres://… to run it');
  process.exit(0);
}
/** The demo's experiment, seeded by the deploy step (packages/db/src/seed.ts). */
const experiment = 'home-welcome-banner';
const cookieOf = (anonymousId: string) =>
  `ajs_anonymous_id=${encodeURIComponent(JSON.stringify(anonymousId))}`;

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Figures {
  target: string;
  serial: Run;
  loaded: Run;
}

async function run(
  url: string,
  options: { cookie?: string; newVisitorEachRequest?: boolean },
  clients: number,
): Promise<Run> {
  const once = (seconds: number) =>
    autocannon({
      url,
      connections: clients,
      duration: seconds,
      headers: options.cookie ? { cookie: options.cookie } : {},
      ...(options.newVisitorEachRequest
        ? {
            requests: [
              {
                setupRequest: (request: autocannon.Request) => ({
                  ...request,
                  headers: { ...request.headers, cookie: cookieOf(randomUUID()) },
                }),
              },
            ],
          }
        : {}),
    });
  // A short warm-up so the JIT, the pool and the prepared statements are as a running server has them.
  await once(2);
  const result = await once(duration);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(
  target: string,
  url: string,
  options: { cookie?: string; newVisitorEachRequest?: boolean } = {},
): Promise<Figures> {
  return { target, serial: await run(url, options, 1), loaded: await run(url, options, connections) };
}

const database = await openTestDatabase('postgres');
const product = await startProduct({ env: { DATABASE_URL: database.url ?? '' } });
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
try {
  const abUrl = `${product.url}${urlOf(experimentsApi.ab, { params: { testId: experiment } })}`;
  const returning = randomUUID();
  const first = await fetch(abUrl, { headers: { cookie: cookieOf(returning) } });
  if (!first.ok) throw new Error(`GET ${abUrl}: ${first.status} ${await first.text()}`);
  const counts = async () => {
    const { rows } = await sql.query<{ assigned: number; exposures: number }>(
      `select (select count(*)::int from experiment_assignments where experiment_id = $1) as assigned,
              (select count(*)::int from analytics_events where name = 'Experiment Viewed'
                 and properties->>'experiment_id' = $1) as exposures`,
      [experiment],
    );
    return rows[0] ?? { assigned: 0, exposures: 0 };
  };

  const rows = [
    await measure('GET /api/info/currencies (public API)', `${product.url}${urlOf(infoApi.currencies)}`),
    await measure('GET /api/v2/ab/:id, returning visitor', abUrl, { cookie: cookieOf(returning) }),
    await measure('GET /api/v2/ab/:id, no analytics cookie', abUrl),
  ];
  const before = await counts();
  rows.push(
    await measure('GET /api/v2/ab/:id, a new visitor each request', abUrl, { newVisitorEachRequest: true }),
  );
  const after = await counts();

  const baseline = rows[0] as Figures;
  console.log(
    `\n1 connection and ${connections} connections, ${duration} s each (after 2 s of warm-up), ` +
      `Node ${process.version}, PostgreSQL\n`,
  );
  console.table(
    rows.map((row) => ({
      target: row.target,
      // One request after the other: the mean is exact (autocannon's percentiles are whole milliseconds).
      'mean ms, 1 conn': Number((1000 / row.serial.requestsPerSecond).toFixed(2)),
      'p50 ms, 1 conn': row.serial.p50,
      'p99 ms, 1 conn': row.serial.p99,
      'req/s, 1 conn': Math.round(row.serial.requestsPerSecond),
      [`req/s, ${connections} conn`]: Math.round(row.loaded.requestsPerSecond),
      [`p99 ms, ${connections} conn`]: row.loaded.p99,
      ratio:
        row === baseline
          ? '—'
          : `${(row.loaded.requestsPerSecond / baseline.loaded.requestsPerSecond).toFixed(3)}× public API`,
      errors: row.serial.errors + row.loaded.errors,
    })),
  );
  console.log(
    `new visitors: ${after.assigned - before.assigned} assignments stored, ${after.exposures - before.exposures} ` +
      'exposures recorded (one each). Target (issue 37): /api/v2/ab p99 ≤ 2 ms for a returning visitor, 1 connection',
  );
} finally {
  await sql.end();
  await product.stop();
  await database.close();
}
