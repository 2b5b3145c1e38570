import { openTestDatabase } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { parseConfig } from '../modules/config.ts';
import { describeOnPostgres } from '../testing/on-postgres.ts';
import { waitUntil } from '../testing/wait.ts';

type Rows<T> = { rows: T[] };

/** The sessions PostgreSQL holds open on a database, seen from a connection to another one. */
async function sessionsOn(name: string): Promise<{ pid: number; application_name: string; query: string }[]> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'select pid, application_name, query from pg_stat_activity where datname = $1',
      [name],
    );
    return rows;
  } finally {
    await admin.end();
  }
}

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

/**
 * The app with a database of its own, as a deployment runs it: it opens its pool, the job queue's
 * and the event bus's connections from DATABASE_URL, and closes all of them with the app.
 */
describeOnPostgres('the database connections of an app that owns its database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let name: string;
  let app: App;
  let closed = false;

  beforeAll(async () => {
    // Only its URL and its dropping are used: this pool of the test's own never connects.
    database = await openTestDatabase('postgres');
    name = new URL(database.url as string).pathname.slice(1);
    app = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }),
      web: false,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    if (closed) return;
    await app?.close();
    await database?.close();
  });

  it('fails a transaction whose connection is lost between two statements, and goes on serving', async () => {
    // What a database restart, a failover or an administrator does to a connection in use. A pooled
    // connection that is checked out has no listener of the pool's: without one of its own its
    // `error` event would end the process.
    let reached: (pid: number) => void = () => {};
    const inside = new Promise<number>((resolve) => {
      reached = resolve;
    });
    let lost: () => void = () => {};
    const terminated = new Promise<void>((resolve) => {
      lost = resolve;
    });
    const transaction = app.database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
        pid: number;
      }>;
      reached(Number(rows[0]?.pid));
      await terminated;
      await tx.execute(sql`select 1`);
    });
    const outcome = transaction.then(
      () => 'committed',
      // The query error names the statement; its cause, what happened to the connection.
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );
    const pid = await inside;
    await terminate(pid);
    // The server has sent its notice and closed the session; the client reads it while idle.
    await waitUntil(async () => expect((await sessionsOn(name)).map((s) => s.pid)).not.toContain(pid), {});
    await new Promise((resolve) => setImmediate(resolve));
    lost();

    expect(await outcome).toMatch(/connection error/);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ database: 'up' });
  });

  it('gives back the connection of a transaction that could not begin', async () => {
    // `begin` refused (here by a setting PostgreSQL does not know; in operation, a session that died
    // between the checkout and `begin`): the transaction fails, and its connection is not kept, so the
    // pool neither shrinks nor waits forever on close (the last test closes it).
    const unknownLevel = { isolationLevel: 'not a level' } as unknown as Parameters<
      typeof app.database.db.transaction
    >[1];
    const pool = (app.database.db as unknown as { $client: pg.Pool }).$client;
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(app.database.db.transaction(async () => 'never', unknownLevel)).rejects.toThrow(/begin/);
    }
    // Checked out now and then by the app's own queries; the three refused ones are not kept.
    await waitUntil(() => expect(pool.totalCount - pool.idleCount).toBe(0));
    await expect(app.database.db.transaction(async (tx) => tx.execute(sql`select 1`))).resolves.toBeTruthy();
  });

  it('leaves no connection open once closed, so the database can be dropped at once', async () => {
    // Open while it runs: the app's pool, the job queue's pool and its LISTEN, the event bus's LISTEN.
    const running = await sessionsOn(name);
    expect(running.map((s) => s.application_name)).toContain('chrysos-jobs');
    expect(running.some((s) => /^listen /i.test(s.query))).toBe(true);

    closed = true;
    await app.close();
    // Every connection was ended by then; a server process still goes away on its own schedule after
    // its client hung up (seen as a session still showing its last `commit` for a moment).
    await waitUntil(async () => expect(await sessionsOn(name)).toEqual([]));
    await expect(database.close()).resolves.toBeUndefined();
  });
});
