import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './client.ts';

export type DatabaseKind = Database['kind'];

/**
 * The engines a test suite runs against: embedded PGlite always, and PostgreSQL too when
 * DATABASE_URL points at a server (as in CI).
 */
export const testDatabaseKinds: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, empty database of the given kind: in-memory PGlite, or a new PostgreSQL database created
 * next to DATABASE_URL's and dropped again on close, so test files never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return createDatabase({ dataDir: 'memory://' });

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must point at PostgreSQL to run the postgres tests');
  const name = `chrysos_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolSize: 10 });
  return {
    ...database,
    /** For a second process that must use the same database (the crash test's server). */
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
