import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The index re-exports every capability's file (src/schema/<capability>.ts): what callers see as `schema`.
  schema: ['./src/schema/index.ts', './src/studio-schema.ts'],
  out: './migrations',
});
