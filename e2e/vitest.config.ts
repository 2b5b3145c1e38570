import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    // PostgreSQL where it answers (the two-process specs), as for the other projects; then the product.
    globalSetup: ['../apps/server/src/testing/services.ts', './global-setup.ts'],
    // Last when run with the other projects: it tests the build.
    sequence: { groupOrder: 2 },
    // One browser and one product process on a 2-core machine: run the spec files one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
