import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@chrysos/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import {
  bookingProblems,
  newRecord,
  runLoad,
  settleCashier,
  signUpPlayers,
  studio,
  studioSecret,
} from '../../testing/wallet/bank-harness.ts';
import { ServerProcess } from '../../testing/wallet/server-process.ts';
import { auditLedger, betsPaidAndRefunded } from './invariants.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * The crash test: the server is killed with SIGKILL several times in the middle of the bank test's
 * load and started again; clients re-send whatever got no answer. A booking is one statement, and
 * webhooks owed are kept by the PSP until acknowledged, so the same invariants must hold.
 */
describeOnPostgres('crash test on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.migrate();
    server = new ServerProcess({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '20',
      CONTENT_DIR: fixtures,
      WALLET_STUDIOS: JSON.stringify({ [studio]: studioSecret }),
      WITHDRAWAL_AUTO_APPROVE_BELOW: '{"EUR":8000}',
      SANDBOX_PSP_SECRET: 'crash-test-psp-secret-0123456789abcdef',
      TRUST_PROXY: 'true',
    });
    await server.start();
  });
  afterAll(async () => {
    server?.kill();
    await database.close();
  });

  it('keeps every invariant when the server is killed mid-load and restarted', async () => {
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const players = await signUpPlayers(baseUrl, database.db, 12);
    const record = newRecord();
    const killAt = new Set([250, 600, 950]);
    let crashes = 0;
    await runLoad({
      baseUrl,
      players,
      operations: 1_200,
      concurrency: 12,
      seed: 7,
      record,
      onProgress: async (done) => {
        if (!killAt.has(done)) return;
        killAt.delete(done);
        server.kill();
        crashes++;
        // Clients keep sending into the void for a moment, then the server comes back.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await server.start();
      },
    });
    await settleCashier(database.db);

    expect(crashes).toBe(3);
    expect(record.networkErrors).toBeGreaterThan(0);
    expect(record.replayMismatches).toEqual([]);
    expect(await bookingProblems(database.db, record)).toEqual([]);
    expect(await auditLedger(database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
    expect(await betsPaidAndRefunded(database.db)).toEqual([]);
    // A heavy load on a shared 2-core machine: room to finish, not a performance limit.
  }, 600_000);
});
