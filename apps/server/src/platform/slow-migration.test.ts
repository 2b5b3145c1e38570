import { setTimeout as delay } from 'node:timers/promises';
import { openTestDatabase } from '@chrysos/db/testing';
import { expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../modules/config.ts';

// Issue 31 item 20: on a loaded machine the first migration of the embedded database outlasted
// Fastify's 10 s plugin timeout and `npm start` stopped with "Plugin did not start in time: 'database'".
it('becomes ready however long the first migration takes', { timeout: 120_000 }, async () => {
  const database = await openTestDatabase('pglite', 'empty');
  // The platform's migration as a slow machine runs it: longer than Fastify's 10 s for a plugin to start.
  const slow = Object.assign(Object.create(database) as typeof database, {
    migrate: async (...args: Parameters<typeof database.migrate>) => {
      if (args[0] === undefined) await delay(10_500);
      await database.migrate(...args);
    },
  });
  const app = await buildApp({ config: parseConfig({ NODE_ENV: 'test' }), database: slow, web: false });
  try {
    await app.ready();
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/info/currencies' })).statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
});
