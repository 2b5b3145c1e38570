import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '@chrysos/db';
import pg from 'pg';

/** The advisory lock key every deploy step takes ('chrysos-deploy' in its first eight bytes, as a number). */
const deployLockKey = 0x63687279736f73n;

/**
 * Runs `work` while holding the deploy's PostgreSQL advisory lock, on a connection of its own kept for
 * the whole step: two deploys started at once (two migrate jobs, two instances of a rolling update on
 * `npm start`'s path) run one after the other, and the second finds the work done. Embedded PGlite
 * belongs to one process, which needs no lock.
 */
export async function holdingDeployLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if ('pglite' in database.driver) return work();
  const client = new pg.Client({ connectionString: database.driver.url });
  await client.connect();
  try {
    // Asked again and again rather than waited for in one statement: a deploy blocked inside
    // `pg_advisory_lock` is a transaction with a snapshot, and the first deploy's CREATE INDEX
    // CONCURRENTLY waits for every such transaction to end, which here would be never.
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        deployLockKey.toString(),
      ]);
      if (rows[0]?.locked) break;
      await delay(250);
    }
    return await work();
  } finally {
    // Ending the session releases the lock, also when the unlock itself fails.
    await client.query('select pg_advisory_unlock($1)', [deployLockKey.toString()]).catch(() => {});
    await client.end();
  }
}
