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
  /**
   * How PostgreSQL's pool is used now, for the process's metrics: connections open and idle, queries
   * waiting for one, and the most it opens. Undefined on PGlite, which is one connection in the process.
   */
  poolUse(): PoolUse | undefined;
  close(): Promise<void>;
  /**
   * What a library that brings its own driver adapter connects through (the job queue): the embedded
   * PGlite instance itself, or the PostgreSQL server's URL for a pool of its own.
   */
  driver: { pglite: PGlite } | { url: string };
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; absent selects embedded PGlite. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir?: string;
  /** A PGlite data directory saved with `dumpDataDir` to start from, instead of an empty database. */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return createPostgres(options.url, options.poolSize ?? 10);
  return createPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function createPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(inMemory ? {} : { dataDir: path.resolve(dataDir) }),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (migrations = { migrationsFolder }) => migratePglite(db, migrations),
    ping: () => ping(db as unknown as Db),
    poolUse: () => undefined,
    close: () => client.close(),
    driver: { pglite: client },
  };
}

async function createPostgres(url: string, max: number): Promise<Database> {
  // Connections are kept once opened (pg's pool closes one idle for 10 s by default): a new connection
  // is a new backend, whose first booking plans every statement of the ledger's functions again, and
  // under load the next burst waited on exactly that (40-90 ms stalls of every wallet call behind it in
  // bench/wallet.ts). A deployment plans for DATABASE_POOL_SIZE connections per process anyway.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0 });
  // An idle client losing its connection must not bring the process down; the pool replaces it.
  pool.on('error', () => {});
  // Nor one checked out (a transaction between two statements, the database restarting or dropping
  // the session): the pool listens only to idle clients, and an `error` event nobody hears ends the
  // process. The statements of that client fail instead, and the pool discards it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  releaseWhenBeginFails(pool);
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: (migrations = { migrationsFolder }) => migrateNodePostgres(db, migrations),
    ping: () => ping(db as unknown as Db),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: () => pool.end(),
    driver: { url },
  };
}

/**
 * drizzle's `transaction()` checks a client out and sends `begin` before the `try` whose `finally`
 * releases it: when `begin` fails (the session died between the two, a failover), the client stays
 * checked out for good, a slot of the pool is lost and `pool.end()` never resolves. So a client checked
 * out with `connect()` whose first statement fails goes back to the pool at once, as broken (the pool
 * discards it). Nothing else here checks clients out: plain queries go through `pool.query`.
 */
function releaseWhenBeginFails(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  const checkOut = async () => {
    const client = await connect();
    const query = client.query;
    client.query = ((...args: Parameters<typeof query>) => {
      client.query = query;
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    }) as typeof query;
    return client;
  };
  // The callback form is the pool's own (`pool.query` checks out with it and releases by itself).
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : checkOut())) as pg.Pool['connect'];
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A prepared statement built once per database handle: `build` runs on a handle's first use and its
 * statement is kept with it (planned once by PostgreSQL, named), for queries on every request's path.
 * Arguments after the handle are given to `build` on that first use; they must not change the query.
 */
export function preparedPerDatabase<Query, Parts extends unknown[] = []>(
  build: (db: Db, ...parts: Parts) => Query,
): (db: Db, ...parts: Parts) => Query {
  const built = new WeakMap<Db, Query>();
  return (db, ...parts) => {
    let query = built.get(db);
    if (!query) {
      query = build(db, ...parts);
      built.set(db, query);
    }
    return query;
  };
}
