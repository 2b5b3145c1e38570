import { randomUUID } from 'node:crypto';
import { type Database, schema, seed } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from './invariants.ts';
import { InsufficientFunds } from './ledger.ts';
import { Wallet } from './wallet.ts';

describe.each(testDatabaseKinds)('wallet ledger on %s', (kind) => {
  let database: Database;
  let wallet: Wallet;
  let playerId = '';
  const player = () => ({ playerId, currency: 'EUR' });
  const game = { round: 'r-1', gameCode: 'chrysos:golden-reels' };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
    await seed(database.db);
    wallet = new Wallet(database.db);
    const [created] = await database.db
      .insert(schema.players)
      .values({ email: 'ledger@example.gr', currency: 'EUR', termsAcceptance: true, ageAcceptance: true })
      .returning({ id: schema.players.id });
    playerId = created?.id ?? '';
  });
  afterAll(() => database.close());

  const grantBonus = async (key: string, amount: number) =>
    wallet.ledger.book({
      key,
      kind: 'bonus_grant',
      playerId,
      currency: 'EUR',
      amount,
      fingerprint: { key },
      legs: [
        { account: await wallet.ledger.playerAccount(playerId, 'EUR', 'bonus'), amount, tracked: true },
        { account: await wallet.ledger.systemAccount('bonus_pool', 'EUR'), amount: -amount, tracked: false },
      ],
    });

  it('credits a deposit once however often it is replayed, and refuses the key for another amount', async () => {
    const first = await wallet.deposit({ ...player(), key: 'dep-1', amount: 10_000 });
    expect(first).toMatchObject({ status: 'booked', result: { real: 10_000, bonus: 0, held: 0 } });
    const replay = await wallet.deposit({ ...player(), key: 'dep-1', amount: 10_000 });
    expect(replay).toEqual({ status: 'replay', result: first.status === 'conflict' ? null : first.result });
    const other = await wallet.deposit({ ...player(), key: 'dep-1', amount: 99_999 });
    expect(other).toEqual({ status: 'conflict', kind: 'deposit' });
    expect(await wallet.ledger.balances(playerId, 'EUR')).toEqual({ real: 10_000, bonus: 0, held: 0 });
  });

  it('takes real money first, then bonus money, and pays a win back in the same proportion', async () => {
    await grantBonus('bonus-1', 5_000);
    const bet = await wallet.bet({ ...player(), ...game, key: 'bet-1', amount: 12_000 });
    expect(bet).toMatchObject({ status: 'booked', result: { real: 0, bonus: 3_000 } });
    // 10,000 of the 12,000 came from real money: five sixths of the win is real.
    const win = await wallet.win({ ...player(), ...game, key: 'win-1', reference: 'bet-1', amount: 6_000 });
    expect(win).toMatchObject({ status: 'booked', result: { real: 5_000, bonus: 4_000 } });
  });

  it('refuses a bet larger than real and bonus money together, changing nothing', async () => {
    const before = await wallet.ledger.balances(playerId, 'EUR');
    await expect(wallet.bet({ ...player(), ...game, key: 'bet-big', amount: 9_001 })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    expect(await wallet.ledger.balances(playerId, 'EUR')).toEqual(before);
    expect(await wallet.ledger.transaction('bet-big')).toBeUndefined();
  });

  it('rolls a bet back exactly, leg by leg', async () => {
    await wallet.bet({ ...player(), ...game, key: 'bet-2', amount: 7_000 });
    expect(await wallet.ledger.balances(playerId, 'EUR')).toEqual({ real: 0, bonus: 2_000, held: 0 });
    const entries = await wallet.ledger.entriesOf('bet-2');
    const rolled = await wallet.rollback({ ...player(), ...game, key: 'rb-2', reference: 'bet-2' }, entries);
    expect(rolled).toMatchObject({ status: 'booked', result: { real: 5_000, bonus: 4_000 } });
  });

  it('holds, releases and pays out withdrawals from real money only', async () => {
    await expect(wallet.holdWithdrawal({ ...player(), key: 'wd-big', amount: 5_001 })).rejects.toBeInstanceOf(
      InsufficientFunds,
    );
    await wallet.holdWithdrawal({ ...player(), key: 'wd-1', amount: 3_000 });
    expect(await wallet.ledger.balances(playerId, 'EUR')).toEqual({ real: 2_000, bonus: 4_000, held: 3_000 });
    await wallet.releaseWithdrawal({ ...player(), key: 'wd-1-cancel', reference: 'wd-1', amount: 1_000 });
    await wallet.payOut({ ...player(), key: 'wd-1-paid', reference: 'wd-1', amount: 2_000 });
    expect(await wallet.ledger.balances(playerId, 'EUR')).toEqual({ real: 3_000, bonus: 4_000, held: 0 });
  });

  it('refuses amounts that are not positive whole minor units', async () => {
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      await expect(wallet.deposit({ ...player(), key: `bad-${amount}`, amount })).rejects.toThrow(
        /positive whole/,
      );
    }
  });

  it('keeps every invariant: balances equal their entries, none negative, the ledger sums to zero', async () => {
    expect(await auditLedger(database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  });

  it('never lets concurrent spends overdraw an account', async () => {
    const spender = randomUUID();
    await database.db.insert(schema.players).values({
      id: spender,
      email: 'spender@example.gr',
      currency: 'EUR',
      termsAcceptance: true,
      ageAcceptance: true,
    });
    await wallet.deposit({ playerId: spender, currency: 'EUR', key: 'spender-dep', amount: 1_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        wallet.bet({ playerId: spender, currency: 'EUR', ...game, key: `spender-bet-${i}`, amount: 100 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientFunds),
    ).toHaveLength(15);
    expect(await wallet.ledger.balances(spender, 'EUR')).toEqual({ real: 0, bonus: 0, held: 0 });
  });
});
