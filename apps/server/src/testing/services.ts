import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A vitest globalSetup: the run uses PostgreSQL and Redis wherever they answer, as CI does, so the
 * suites that need them run on every machine. DATABASE_URL and REDIS_URL win when set; otherwise the
 * usual local addresses are tried. One that answers is set for the test workers; one that does not is
 * named in one line at the top of the run and again at its end, since its suites are skipped: a run
 * that passes fewer tests must say so.
 */
export default async function setup(): Promise<() => void> {
  // Projects that share the setup (integration, money, e2e) look once per process and say it once.
  const shared = globalThis as { chrysosTestServices?: Promise<string[]>; chrysosServiceUsers?: number };
  const first = shared.chrysosTestServices === undefined;
  shared.chrysosTestServices ??= findServices();
  shared.chrysosServiceUsers = (shared.chrysosServiceUsers ?? 0) + 1;
  const missing = await shared.chrysosTestServices;
  // CI starts both before it tests (.ci/run): there, one that does not answer fails the run.
  if (missing.length > 0 && process.env.CI) throw new Error(missing.join('\n'));
  if (first) for (const line of missing) console.warn(line);
  return () => {
    shared.chrysosServiceUsers = (shared.chrysosServiceUsers ?? 1) - 1;
    if (shared.chrysosServiceUsers === 0) for (const line of missing) console.warn(line);
  };
}

const services = [
  {
    variable: 'DATABASE_URL',
    name: 'PostgreSQL',
    local: 'postgres://postgres@127.0.0.1:5432/test',
    answers: postgresAnswers,
    skipped: 'the PostgreSQL tests (money, crash, two-instance suites and every test on the postgres engine)',
  },
  {
    variable: 'REDIS_URL',
    name: 'Redis',
    local: 'redis://127.0.0.1:6379',
    answers: redisAnswers,
    skipped: 'the Redis tests (shared state, rate limits, realtime across instances)',
  },
] as const;

/** Sets the variables of the services that answer; the lines to print for those that do not. */
async function findServices(): Promise<string[]> {
  const missing: string[] = [];
  for (const service of services) {
    const url = process.env[service.variable] || service.local;
    if (await service.answers(url)) {
      process.env[service.variable] = url;
      continue;
    }
    // Unset, its suites are skipped and say so, rather than failing on every connection.
    delete process.env[service.variable];
    missing.push(
      `NOT TESTED: ${service.name} does not answer at ${url}, so ${service.skipped} are skipped; start it or set ${service.variable}.`,
    );
  }
  return missing;
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
