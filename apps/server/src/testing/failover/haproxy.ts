import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitUntil } from '../wait.ts';

/**
 * Debian's HAProxy in front of a test's instances, as an operator runs it (deploy/haproxy/haproxy.cfg):
 * round robin, each instance checked on /readyz twice a second and taken out after two failures, a
 * request that could not reach an instance sent to another. Started in the foreground, so the test owns it.
 */
export class Haproxy {
  readonly #dir = mkdtempSync(path.join(tmpdir(), 'haproxy-'));
  #child: ChildProcess | undefined;
  #output = '';

  readonly port: number;
  readonly instancePorts: number[];

  constructor(port: number, instancePorts: number[]) {
    this.port = port;
    this.instancePorts = instancePorts;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const config = path.join(this.#dir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 4096',
        '  log stderr format raw local0 notice',
        'defaults',
        '  mode http',
        '  log global',
        '  timeout connect 1s',
        '  timeout client 30s',
        // A frozen instance holds a request until this; the client then sends it again under its key.
        '  timeout server 5s',
        // A WebSocket, once upgraded, lives as long as the player stays.
        '  timeout tunnel 1h',
        // The whole request is read before it is sent, so one that met a closing connection can go to
        // another instance (retry-on needs it buffered).
        '  option http-buffer-request',
        '  option redispatch',
        '  retries 2',
        '  retry-on conn-failure empty-response',
        'frontend casino',
        `  bind 127.0.0.1:${this.port}`,
        '  default_backend instances',
        'backend instances',
        '  balance roundrobin',
        '  option httpchk GET /readyz',
        '  http-check expect status 200',
        // A check's answer may take longer than the half second between checks on a loaded two-core
        // machine (three instances, HAProxy, the load and the sockets): waited for up to 1.5 s, so busy
        // instances are not all taken out at once (a 503 "no server available").
        '  timeout check 1500ms',
        '  default-server inter 500ms fall 2 rise 1',
        ...this.instancePorts.map((port, at) => `  server instance${at + 1} 127.0.0.1:${port} check`),
        '',
      ].join('\n'),
    );
    this.#child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child.stdout?.on('data', (chunk) => {
      this.#output += chunk;
    });
    this.#child.stderr?.on('data', (chunk) => {
      this.#output += chunk;
    });
    await waitUntil(async () => {
      if (this.#child?.exitCode !== null) throw new Error(`haproxy exited:\n${this.#output}`);
      const ready = await fetch(`${this.url}/readyz`);
      if (!ready.ok) throw new Error(`haproxy answered ${ready.status}`);
    });
  }

  /** What HAProxy logged: each instance it took out of the pool and put back (`instance2 is DOWN` …). */
  log(): string {
    return this.#output;
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
