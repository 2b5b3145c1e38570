import cluster, { type Worker } from 'node:cluster';
import { gatherWorkersMetrics } from './metrics/cluster.ts';

/** One line of the primary's log, in the shape the app's own log lines have (pino's). */
function log(level: 'info' | 'warn', msg: string, fields: Record<string, unknown> = {}): void {
  const levels = { info: 30, warn: 40 };
  console.log(JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, ...fields, msg }));
}

/**
 * Serves the app from `count` worker processes sharing one port (node:cluster; Linux hands each new
 * connection to the next worker). The workers serve PostgreSQL, which the deploy step prepared
 * (`npm run migrate`); the first starts alone and checks the schema, the others once it listens. A worker that dies is replaced; SIGTERM or SIGINT stops every worker
 * the way one process stops (close-with-grace in each), then the primary exits.
 */
export async function serveInProcesses(count: number): Promise<void> {
  let stopping = false;
  let started = false;
  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      worker.once('listening', () => resolve(worker));
      worker.once('exit', (code) => reject(new Error(`worker ${worker.process.pid} exited with ${code}`)));
    });

  cluster.on('exit', (worker, code, signal) => {
    if (stopping || !started) return;
    log('warn', 'worker exited; starting another', { worker: worker.process.pid, code, signal });
    fork().catch((error: Error) => log('warn', error.message));
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  gatherWorkersMetrics();

  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (error) {
    // A worker that cannot start (a bad database URL, a port in use) would fail again and again.
    log('warn', `a worker failed to start: ${(error as Error).message}`);
    stop();
    process.exitCode = 1;
    return;
  }
  started = true;
  log('info', `serving from ${count} processes`, { workers: count });
}
