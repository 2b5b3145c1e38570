import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
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
import { auditLedger, betsPaidAndRefunded } from './invariants.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * The bank test: many concurrent clients move money every way the product allows, over skewed
 * accounts with one hot player, with duplicated and replayed ids. Afterwards no money was created or
 * destroyed and every acknowledged call is booked exactly once. Money and concurrency are PostgreSQL's
 * job in production, so this runs there (CI sets DATABASE_URL).
 */
describeOnPostgres('bank test on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let baseUrl = '';

  beforeAll(async () => {
    app = await buildTestApp('postgres', {
      CONTENT_DIR: fixtures,
      WALLET_STUDIOS: JSON.stringify({ [studio]: studioSecret }),
      WITHDRAWAL_AUTO_APPROVE_BELOW: '{"EUR":8000}',
      TRUST_PROXY: 'true',
      DATABASE_POOL_SIZE: '20',
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.closeAll());

  it('keeps every invariant under concurrent, duplicated and replayed load', async () => {
    const players = await signUpPlayers(baseUrl, app.database.db, 25);
    const record = newRecord();
    await runLoad({ baseUrl, players, operations: 2_500, concurrency: 16, seed: 20261123, record });
    await settleCashier(app.database.db);

    // The load really exercised the paths under test.
    const kinds = [...record.acknowledged.values()].map((call) => call.kind);
    expect(kinds.filter((kind) => kind === 'bet').length).toBeGreaterThan(500);
    expect(kinds.filter((kind) => kind === 'win').length).toBeGreaterThan(200);
    expect(kinds.filter((kind) => kind === 'rollback').length).toBeGreaterThan(50);
    expect(record.refusedBets.size).toBeGreaterThan(0);
    expect(record.deposits.length).toBeGreaterThan(100);
    expect(record.withdrawals.length).toBeGreaterThan(20);

    expect(record.replayMismatches).toEqual([]);
    expect(await bookingProblems(app.database.db, record)).toEqual([]);
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
    // The ledger balances either way; the protocol's rule is that no round is both paid and refunded.
    expect(await betsPaidAndRefunded(app.database.db)).toEqual([]);
    // A heavy load on a shared 2-core machine: room to finish, not a performance limit.
  }, 180_000);
});
