import { createDatabase, type Database, seed } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** A database the caller owns (tests); otherwise one is opened from the configuration and closed with the app. */
  database?: Database | undefined;
}

/** Opens the database, applies committed migrations and the idempotent seed before the app serves. */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  const database =
    options.database ??
    (await createDatabase({
      url: app.config.DATABASE_URL,
      dataDir: `${app.config.DATA_DIR}/pglite`,
      poolSize: app.config.DATABASE_POOL_SIZE,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  await database.migrate();
  await seed(database.db);
  app.decorate('database', database);
  app.log.info({ database: database.kind }, 'database ready');
}

export default fp(databasePlugin, { name: 'database', dependencies: ['config'] });
