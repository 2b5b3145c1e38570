import { describe } from 'vitest';

/**
 * A suite that needs a real PostgreSQL server (concurrency, several processes on one database). The test
 * run sets DATABASE_URL wherever PostgreSQL answers (./services.ts); without it the suite is skipped, and
 * says so, so a local run never reads a skip as a pass.
 */
export function describeOnPostgres(name: string, suite: () => void): void {
  if (process.env.DATABASE_URL) {
    describe(name, suite);
    return;
  }
  console.info(
    `skipped "${name}": it runs on PostgreSQL only; start PostgreSQL or set DATABASE_URL to run it`,
  );
  describe.skip(name, suite);
}
