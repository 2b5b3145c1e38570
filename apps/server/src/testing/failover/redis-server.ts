import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { waitUntil } from '../wait.ts';

/**
 * A Redis of the test's own (the machine's redis-server binary on a port of its own), so the test can
 * kill and restart it without touching the Redis other tests share. It keeps nothing on disk: a restart
 * loses every key, as a Redis restarted without persistence does.
 */
export class RedisServer {
  #child: ChildProcess | undefined;

  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.#child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitUntil(async () => {
      const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
      // Refused until the server listens: the wait tries again.
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
      } finally {
        client.disconnect();
      }
    });
  }

  /** Ends it at once (SIGKILL), as a crashed Redis. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
