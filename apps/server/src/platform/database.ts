import { createDatabase, type Database } from '@chrysos/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  database: Database;
  /** Whether the app opened it, and so closes it with itself (tests pass a database they own). */
  owned: boolean;
}

/**
 * Opens the configured database unless one is given, then `prepare`s it: the deploy steps on embedded
 * PGlite and in tests, a check of the schema on a deployment's PostgreSQL (app.ts). Called before the
 * app's plugins load, not inside one: a first migration on a loaded machine may take longer than Fastify
 * gives a plugin to start, and the start must not fail then (issue 31 item 20).
 */
export async function prepareDatabase(
  config: Config,
  log: FastifyBaseLogger,
  given: Database | undefined,
  prepare: (database: Database) => Promise<void>,
): Promise<DatabasePluginOptions> {
  const database =
    given ??
    (await createDatabase({
      url: config.DATABASE_URL,
      dataDir: `${config.DATA_DIR}/pglite`,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
  try {
    await prepare(database);
  } catch (error) {
    if (!given) await database.close();
    throw error;
  }
  log.info({ database: database.kind }, 'database ready');
  return { database, owned: !given };
}

/** The prepared database as `app.database`, closed with the app when the app opened it. */
async function databasePlugin(
  app: FastifyInstance,
  { database, owned }: DatabasePluginOptions,
): Promise<void> {
  if (owned) app.addHook('onClose', () => database.close());
  app.decorate('database', database);
}

export default fp(databasePlugin, { name: 'database', dependencies: ['config'] });
