import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the platform codes against, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** `pglite` (embedded, single connection) or `postgres` (a real server, a pool). */
  kind: 'pglite' | 'postgres';
  /**
   * Applies every committed migration that has not run yet: the platform's, or another folder with a
   * journal of its own (the studio's, in its own schema).
   */
  migrate(migrations?: MigrationConfig): Promise<void>;
  /** Whether the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * What a library that brings its own driver adapter connects through (the job queue): the embedded
   * PGlite instance itself, or the PostgreSQL server's URL for a pool of its own.
   */
  driver: { pglite: PGlite } | { url: string };
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; absent selects embedded PGlite. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return createPostgres(options.url, options.poolSize ?? 10);
  return createPglite(options.dataDir ?? 'memory://');
}

async function createPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir.startsWith('memory://') ? undefined : path.resolve(dataDir));
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (migrations = { migrationsFolder }) => migratePglite(db, migrations),
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
    driver: { pglite: client },
  };
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client losing its connection must not bring the process down; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out (a transaction between two statements, the database restarting or dropping
  // the session): the pool listens only to idle clients, and an `error` event nobody hears ends the
  // process. The statements of that client fail instead, and the pool discards it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: (migrations = { migrationsFolder }) => migrateNodePostgres(db, migrations),
    ping: () => ping(db as unknown as Db),
    close: () => pool.end(),
    driver: { url },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
