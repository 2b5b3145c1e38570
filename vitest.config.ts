import { defineConfig } from 'vitest/config';

/**
 * The money project: the bank tests (concurrent load, then the ledger's invariants), the crash tests
 * (a server process killed mid-load) and the suites of two instances on one database. Mostly
 * PostgreSQL, heavy on the server and on processes: they run one file at a time.
 */
const money = [
  'apps/server/src/modules/wallet/bank.test.ts',
  'apps/server/src/modules/bonuses/bonus-bank.test.ts',
  'apps/server/src/modules/loyalty/comp-bank.test.ts',
  'apps/server/src/modules/jackpot/jackpot-bank.test.ts',
  'apps/server/src/modules/lottery/lottery-bank.test.ts',
  'apps/server/src/modules/cashier/adjustments/adjustment-bank.test.ts',
  'apps/server/src/modules/wallet/crash.test.ts',
  'apps/server/src/modules/games/studio-crash.test.ts',
  'apps/server/src/modules/tournaments/board-crash.test.ts',
  'apps/server/src/scale-out.test.ts',
  'apps/server/src/failover.test.ts',
  'apps/server/src/rolling-restart.test.ts',
  'apps/server/src/platform/jobs-two-instances.test.ts',
  'apps/server/src/modules/bonuses/lock-order.test.ts',
  'apps/server/src/modules/wallet/deadlock.test.ts',
];

/** Server tests that open no database and start no app: pure rules, parsers and configuration. */
const serverUnit = [
  'apps/server/src/modules/config.test.ts',
  'apps/server/src/modules/cashier/withdrawal-steps.test.ts',
  'apps/server/src/modules/compliance/visitor.test.ts',
  'apps/server/src/modules/content/content-files.test.ts',
  'apps/server/src/modules/experiments/choose-variation.test.ts',
  'apps/server/src/modules/games/catalogue-snapshot.test.ts',
  'apps/server/src/modules/games/search-text.test.ts',
  'apps/server/src/modules/games/thumbnails.test.ts',
  'apps/server/src/modules/jackpot/draw.test.ts',
  'apps/server/src/modules/lottery/week.test.ts',
  'apps/server/src/modules/notifications/push-endpoints.test.ts',
  'apps/server/src/modules/tournaments/terms.test.ts',
  'apps/server/src/platform/error-catalogue.test.ts',
  'apps/server/src/platform/page-language.test.ts',
  'apps/server/src/platform/fresh-read.test.ts',
  'apps/server/src/platform/outbox-cursor.test.ts',
];

/** Tests on a database outside the server: the migrations', the seed's and the studio's schema. */
const otherIntegration = [
  'packages/db/src/seed.test.ts',
  'packages/db/src/credentials-migration.test.ts',
  'apps/games/src/storage/**/*.test.ts',
];

/** Finds PostgreSQL and Redis, then builds the run's template databases (once for both projects). */
const databaseSetup = ['apps/server/src/testing/services.ts', 'apps/server/src/testing/templates.ts'];

export default defineConfig({
  test: {
    // Each project adds its own excludes to these.
    exclude: ['**/node_modules/**', '**/build/**'],
    // Ceilings, not budgets: a test goes on the moment what it waits for holds. Integration tests open
    // PGlite and PostgreSQL databases beside the browser lane on two cores; CI's slower runs (35 minutes)
    // took several times a quiet machine's time for a file.
    testTimeout: 120_000,
    // A worker keeps its modules from one test file to the next: evaluating the server's module graph
    // again for each file was a third of the integration project's CPU time (80 s instead of 129 s
    // for the auth, cashier, wheel and lottery files). Tests keep their state in their own app and
    // database; a file that mocks a module the app imports evaluates the app's modules again
    // (auth/sign-up-taken.test.ts).
    isolate: false,
    hookTimeout: 240_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/**/*.test.{ts,tsx}',
            'apps/games/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
            ...serverUnit,
          ],
          exclude: otherIntegration,
          setupFiles: ['apps/web/app/testing/dom-setup.ts'],
          // A file per core (vitest's default, one fewer, leaves one of two cores idle).
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'integration',
          // On PGlite, and on PostgreSQL when it answers.
          include: ['apps/server/src/**/*.test.ts', ...otherIntegration],
          exclude: [...money, ...serverUnit],
          globalSetup: databaseSetup,
          // As unit (PGlite works in the test's own process), in the same group.
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'money',
          include: money,
          globalSetup: databaseSetup,
          // One file at a time: a group of its own when run with the other projects.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
        },
      },
      './e2e/vitest.config.ts',
    ],
  },
});
