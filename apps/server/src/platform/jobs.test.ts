import type { Database } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../testing/wait.ts';
import { Jobs } from './jobs.ts';

declare module './jobs.ts' {
  interface JobMap {
    'test.note': { text: string };
    'test.woken': { n: number };
    'test.tick': Record<string, never>;
  }
}

/** A logger that keeps what it is told, so a test can see an error was reported instead of thrown. */
function collectingLogger() {
  const lines: { level: string; args: unknown[] }[] = [];
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  const log = {
    level: 'info',
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    silent: () => {},
    child: () => log,
  };
  return { log: log as unknown as FastifyBaseLogger, lines };
}

describe.each(testDatabaseKinds)('background jobs on %s', (kind) => {
  let database: Database & { url?: string };
  let jobs: Jobs;
  const { log, lines } = collectingLogger();
  const notes: string[] = [];
  const woken: number[] = [];
  let ticks = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(sql`create table notes (text text not null)`);
    jobs = new Jobs(database, log);
    jobs.define('test.note', async ({ text }) => void notes.push(text));
    // Polls once an hour: a job that runs sooner was woken by NOTIFY.
    jobs.define('test.woken', async ({ n }) => void woken.push(n), { pollingSeconds: 3600 });
    jobs.define('test.tick', async () => void ticks++);
    jobs.every('test.tick', 1);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it('enqueues a job with the transaction that causes it: a rollback leaves no job, a commit runs it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into notes values ('rolled back')`);
        await jobs.send('test.note', { text: 'rolled back' }, { tx });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values ('committed')`);
      await jobs.send('test.note', { text: 'committed' }, { tx });
    });

    await waitUntil(() => expect(notes).toEqual(['committed']));
    const stored = await jobs.boss.findJobs('test.note');
    expect(stored.map((job) => job.data)).toEqual([{ text: 'committed' }]);
    const rows = (await database.db.execute(sql`select text from notes`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ text: 'committed' }]);
  });

  it('wakes an idle worker by NOTIFY instead of waiting for its next poll', async () => {
    // The first job may be picked up by the worker's first look; after it the worker sleeps an hour.
    await jobs.send('test.woken', { n: 1 });
    await waitUntil(() => expect(woken).toEqual([1]));
    const sentAt = performance.now();
    await jobs.send('test.woken', { n: 2 });
    await waitUntil(() => expect(woken).toEqual([1, 2]), { interval: 2 });
    console.info(
      `${kind}: a job sent to an idle worker started after ${(performance.now() - sentAt).toFixed(1)} ms`,
    );
  });

  it('runs a burst of jobs one after another, without waiting a polling interval between them', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => jobs.send('test.woken', { n: 10 + i })));
    await waitUntil(() => expect(woken).toHaveLength(14));
    expect(woken.slice(2).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 10 + i));
  });

  it('repeats an every-second job with one run waiting at a time', async () => {
    const seen = ticks;
    await waitUntil(() => expect(ticks).toBeGreaterThanOrEqual(seen + 2));
    const waiting = await jobs.boss.findJobs('test.tick', { queued: true });
    expect(waiting.length).toBeLessThanOrEqual(1);
  });

  it.runIf(kind === 'postgres')(
    'reports a lost connection and goes on once the database answers again',
    async () => {
      // What a database restart does to the queue's connections, without restarting the shared server.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'chrysos-jobs' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);

      await waitUntil(
        async () => {
          await jobs.send('test.note', { text: 'after the restart' });
        },
        { interval: 200 },
      );
      await waitUntil(() => expect(notes).toContain('after the restart'));
      expect(lines.some((line) => line.level === 'error' && line.args[1] === 'job queue error')).toBe(true);
    },
  );
});
