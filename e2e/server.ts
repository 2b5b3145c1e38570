import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { patience } from './browser.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export interface RunningProduct {
  url: string;
  /** The process started (with SERVER_PROCESSES > 1, the primary that starts and watches the workers). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
  /** Ends the process with SIGKILL, as a crash does: no clean-up, no goodbye to its clients. */
  kill: () => Promise<number | null>;
}

/**
 * A new directory for this run's products and content, under the folder global-setup.ts makes for the
 * run and removes at its end (each product's database is tens of megabytes).
 */
export function scratchDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(process.env.CHRYSOS_E2E_SCRATCH ?? tmpdir(), prefix));
}

/** A port nothing listens on right now, for a server that must know its address before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the built product the way `npm run serve` does: its own process, embedded PGlite in a
 * data directory (a new temporary one unless given), and waits until /readyz answers. On PostgreSQL
 * (`env.DATABASE_URL`) it first runs the deploy step, `npm run migrate`, as a deployment does. It listens
 * on `port` when given (a peer such as an OpenID provider must know the product's address beforehand),
 * else on a free one.
 */
export async function startProduct(
  options: { dataDir?: string; env?: Record<string, string>; port?: number } = {},
) {
  const dataDir = options.dataDir ?? (await scratchDir('product-'));
  const port = options.port ?? (await freePort());
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // Its own state too: a Redis the tests share would carry rate-limit counters from run to run.
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Behind a proxy, as in production: set-up sign-ups come from addresses of their own
    // (harness/players.ts), so a spec's set-up never reaches the captcha asked after a few sign-ups
    // from one client (decision 32); the browser's own requests still come from 127.0.0.1.
    TRUST_PROXY: 'true',
    ...options.env,
  };
  if (env.DATABASE_URL) await migrate(env);
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  // A start takes seconds alone and minutes beside the other lanes of a full run on two cores (a minute
  // ran out in one): a ceiling for a start that never ends, and such a product is not left running.
  const deadline = Date.now() + 4 * patience;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the product did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid as number,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      return exited;
    },
  } satisfies RunningProduct;
}

/** `npm run migrate` with the product's environment: the deploy step a deployment runs before serving. */
export async function migrate(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['apps/server/src/migrate.ts'], {
    cwd: repositoryRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`npm run migrate exited with ${code}:\n${output}`);
}
