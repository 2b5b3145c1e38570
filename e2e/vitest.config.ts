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
    // Two spec files at once, each with its browser, on the run's shared products: a spec waits on its
    // pages and the product's handlers about half the time, and the other uses that core meanwhile.
    maxWorkers: 2,
    // Ceilings, not budgets: a spec goes on the moment what it waits for is there. CI's slower runs (two
    // loaded cores, 35 minutes) needed several times a quiet machine's time for a spec and its waits.
    testTimeout: 240_000,
    // A poll waits for what the user sees; vitest's 1 s default ran out on a loaded machine while the
    // page was still on its way there (a menu closing after a switch of account).
    expect: { poll: { timeout: 60_000 } },
    hookTimeout: 300_000,
  },
});
