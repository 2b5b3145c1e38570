import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts', 'apps/**/*.test.tsx', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/build/**'],
    // Finds PostgreSQL and Redis, then builds the run's template databases once (the test files copy them).
    globalSetup: ['apps/server/src/testing/services.ts', 'apps/server/src/testing/templates.ts'],
    // Integration tests open PGlite and PostgreSQL databases; give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
