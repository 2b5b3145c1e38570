import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The index re-exports every capability's file (src/schema/<capability>.ts): what callers see as `schema`.
  // The studio's tables are its own (apps/games/src/storage, its own migrations and `studio` schema).
  schema: ['./src/schema/index.ts'],
  out: './migrations',
});
