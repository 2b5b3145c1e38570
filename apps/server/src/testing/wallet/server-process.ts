import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { testRedisPrefix } from '../redis.ts';

const serverScript = fileURLToPath(new URL('./wallet-server.ts', import.meta.url));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * The API (wallet-server.ts) in a process of its own, on a free port, for the crash tests and the
 * wallet benchmark: started, killed with SIGKILL (skipping any clean-up, as a crash does) and started
 * again on the same port and database.
 */
export class ServerProcess {
  readonly #env: NodeJS.ProcessEnv;
  #child: ChildProcess | null = null;
  port = 0;

  constructor(env: NodeJS.ProcessEnv) {
    // Its shared state (rate-limit counters among it) under a prefix of its own, kept across restarts:
    // runs sharing a Redis would otherwise count each other's sign-ups and be refused within the hour.
    this.#env = { REDIS_KEY_PREFIX: testRedisPrefix(), ...env };
  }

  /** Starts the server and resolves once it listens. */
  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    const child = spawn(process.execPath, [serverScript], {
      env: { ...process.env, ...this.#env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.#child = child;
    await once(child.stdout as NodeJS.ReadableStream, 'data');
  }

  /**
   * Ends it as a deployment does (SIGTERM: the app closes its connections, then the process exits)
   * and resolves once it has exited, so the database can be dropped without cutting it off mid-close.
   */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    this.#child?.kill(signal);
    this.#child = null;
  }

  /** Freezes the process (SIGSTOP), as a stalled machine does: its connections stay open and unanswered. */
  pause(): void {
    this.#child?.kill('SIGSTOP');
  }

  /** Lets a paused process run again (SIGCONT): it goes on with whatever it had been sent meanwhile. */
  resume(): void {
    this.#child?.kill('SIGCONT');
  }
}
