import { defineConfig } from 'drizzle-kit';

/**
 * The studio's migrations: its own tables in its own `studio` schema, its own journal. The platform's
 * are generated from packages/db; the two folders never hold each other's tables.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/storage/schema.ts'],
  out: './migrations',
});
