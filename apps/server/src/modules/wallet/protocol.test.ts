import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { signBody } from '@chrysos/wallet-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newFreeSpins, newGameSession, newPlayer } from '../../testing/factories.ts';
import { auditLedger, betsPaidAndRefunded } from './invariants.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';

describe.each(testDatabaseKinds)('seamless-wallet protocol on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, {
      CONTENT_DIR: fixtures,
      WALLET_STUDIOS: JSON.stringify({ 'chrysos-studio': secret, other: `${secret}-other` }),
      WALLET_MAX_BET: '500',
    });
  });
  afterAll(() => app.closeAll());

  /**
   * A player of their own holding `funded` (€100.00 by default) with a game session: each case starts
   * here. `freeSpins`: the player holds started free spins of Golden Drachma, which the calls then play.
   */
  async function seat(funded = 10_000, options: { freeSpins?: boolean } = {}) {
    const player = await newPlayer(app, { currency: 'EUR', funded });
    if (options.freeSpins) await newFreeSpins(app, player, { gameCode: 'golden-drachma' });
    const gameCode = options.freeSpins ? 'golden-drachma' : 'golden-reels';
    const token = await newGameSession(app, player);
    const user = player.id;
    const call = async (
      path: string,
      fields: Record<string, unknown>,
      options: { studio?: string; key?: string } = {},
    ) => {
      const body = JSON.stringify({
        user,
        token,
        request_uuid: randomUUID(),
        game_code: gameCode,
        currency: 'EUR',
        ...fields,
      });
      const response = await app.inject({
        method: 'POST',
        url: `/wallet/${path}`,
        headers: {
          'content-type': 'application/json',
          'x-chrysos-studio': options.studio ?? 'chrysos-studio',
          'x-chrysos-signature': signBody(body, options.key ?? secret),
        },
        body,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    // Transaction ids are the studio's, unique across players: each seat gets its own.
    const id = (name: string) => `${user}:${name}`;
    const bet = (transaction: string, amount: number, extra: Record<string, unknown> = {}) =>
      call('transaction/bet', {
        transaction_uuid: id(transaction),
        round: `round-${id(transaction)}`,
        amount,
        ...extra,
      });
    const win = (transaction: string, reference: string, amount: number) =>
      call('transaction/win', {
        transaction_uuid: id(transaction),
        reference_transaction_uuid: id(reference),
        round: `round-${id(reference)}`,
        amount,
        round_closed: true,
      });
    const rollback = (transaction: string, reference: string) =>
      call('transaction/rollback', {
        transaction_uuid: id(transaction),
        reference_transaction_uuid: id(reference),
        round: `round-${id(reference)}`,
      });
    const balance = async () => (await call('user/balance', {})).balance as number;
    return { user, token, id, call, bet, win, rollback, balance };
  }

  it('answers the balance in minor units', async () => {
    const { user, call } = await seat();
    const response = await call('user/balance', {});
    expect(response).toMatchObject({ status: 'RS_OK', user, currency: 'EUR', balance: 10_000 });
    expect(response.request_uuid).toEqual(expect.any(String));
  });

  it('books a bet and its win once, answering an exact replay with the original response', async () => {
    const { bet, win, balance } = await seat();
    expect(await bet('t-1', 1_000)).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    expect(await win('t-1-win', 't-1', 2_500)).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    expect(await bet('t-1', 1_000)).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    expect(await win('t-1-win', 't-1', 2_500)).toMatchObject({ status: 'RS_OK', balance: 11_500 });
    expect(await balance()).toBe(11_500);
  });

  it('refuses a reused transaction id for a different request', async () => {
    const { bet, balance } = await seat();
    await bet('t-1', 1_000);
    expect(await bet('t-1', 2_000)).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(await balance()).toBe(9_000);
  });

  it('refuses a bet beyond the balance, telling the balance, and one beyond the limit', async () => {
    const { bet, balance } = await seat(11_500);
    expect(await bet('t-2', 11_501)).toEqual(
      expect.objectContaining({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 11_500 }),
    );
    expect(await bet('t-3', 50_001)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    expect(await balance()).toBe(11_500);
  });

  it('refuses a win for an unknown bet', async () => {
    const { win, balance } = await seat();
    expect(await win('t-4-win', 'no-such-bet', 100)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    });
    expect(await balance()).toBe(10_000);
  });

  it('rolls a bet back once, whatever the rollback id', async () => {
    const { bet, rollback } = await seat();
    await bet('t-5', 500);
    expect(await rollback('t-5-rb', 't-5')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await rollback('t-5-rb', 't-5')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await rollback('t-5-rb-again', 't-5')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await rollback('t-5-rb-again', 't-5')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
  });

  it('refuses a win for a bet that was rolled back, paying nothing', async () => {
    const { bet, win, rollback, balance } = await seat();
    await bet('t-5b', 400);
    expect(await rollback('t-5b-rb', 't-5b')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await win('t-5b-win', 't-5b', 900)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: 10_000,
    });
    expect(await balance()).toBe(10_000);
  });

  it('refuses a rollback id reused for another round or currency', async () => {
    const { id, bet, rollback, call } = await seat();
    await bet('t-5c', 100);
    expect(await rollback('t-5c-rb', 't-5c')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    const elsewhere = await call('transaction/rollback', {
      transaction_uuid: id('t-5c-rb'),
      reference_transaction_uuid: id('t-5c'),
      round: 'another-round',
    });
    expect(elsewhere).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
  });

  it('refuses a free bet replayed with another stake', async () => {
    const { bet } = await seat(10_000, { freeSpins: true });
    expect(await bet('t-free', 200, { is_free: true })).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await bet('t-free', 200, { is_free: true })).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await bet('t-free', 300, { is_free: true })).toMatchObject({
      status: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
  });

  it('pays a free bet’s win to the bonus balance, leaving real money as it was', async () => {
    const { user, bet, win, balance } = await seat(10_000, { freeSpins: true });
    expect(await bet('t-free-spin', 200, { is_free: true })).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
    expect(await win('t-free-spin-win', 't-free-spin', 750)).toMatchObject({
      status: 'RS_OK',
      balance: 10_750,
    });
    // A replay pays nothing more.
    expect(await win('t-free-spin-win', 't-free-spin', 750)).toMatchObject({
      status: 'RS_OK',
      balance: 10_750,
    });
    expect(await app.wallet.ledger.balances(user, 'EUR')).toEqual({ real: 10_000, bonus: 750, held: 0 });
    // A paid bet's win still goes to real money.
    await bet('t-paid', 100);
    await win('t-paid-win', 't-paid', 300);
    expect(await app.wallet.ledger.balances(user, 'EUR')).toEqual({ real: 10_200, bonus: 750, held: 0 });
    expect(await balance()).toBe(10_950);
  });

  it('rolls back a free bet without moving money, and refuses a win for it afterwards', async () => {
    const { user, bet, win, rollback } = await seat(10_000, { freeSpins: true });
    await bet('t-free-rb', 200, { is_free: true });
    expect(await rollback('t-free-rb-rollback', 't-free-rb')).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
    expect(await win('t-free-rb-win', 't-free-rb', 500)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: 10_000,
    });
    expect(await app.wallet.ledger.balances(user, 'EUR')).toEqual({ real: 10_000, bonus: 0, held: 0 });
  });

  it('records a rollback that overtook its bet and refuses the late bet', async () => {
    const { bet, rollback, balance } = await seat();
    expect(await rollback('t-6-rb', 't-6')).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await bet('t-6', 700)).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(await balance()).toBe(10_000);
  });

  it('refuses bets on an expired token but still pays wins and rollbacks', async () => {
    const { user, id, bet, win, rollback, call } = await seat();
    await bet('t-7', 100);
    await bet('t-8', 100);
    await app.database.db
      .update(schema.gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.gameSessions.playerId, user));
    expect(await bet('t-9', 100)).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED' });
    expect(await win('t-7-win', 't-7', 300)).toMatchObject({ status: 'RS_OK', balance: 10_100 });
    expect(await rollback('t-8-rb', 't-8')).toMatchObject({ status: 'RS_OK', balance: 10_200 });
    // A booked bet's replay keeps its answer after expiry; a forged token gets nothing.
    expect(await bet('t-7', 100)).toMatchObject({ status: 'RS_OK' });
    expect(
      await call('transaction/bet', {
        transaction_uuid: id('t-7'),
        round: `round-${id('t-7')}`,
        amount: 100,
        token: 'forged',
      }),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
  });

  it('refuses bad signatures, unknown studios, tokens, currencies and malformed amounts, changing nothing', async () => {
    const { user, bet, call, balance } = await seat();
    expect(
      await call('transaction/bet', { transaction_uuid: 'x-3', round: 'r', amount: 100 }, { key: 'wrong' }),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(
      await call(
        'transaction/bet',
        { transaction_uuid: 'x-3', round: 'r', amount: 100 },
        { studio: 'nobody' },
      ),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_SIGNATURE',
    });
    expect(
      await call(
        'transaction/bet',
        { transaction_uuid: 'x-3', round: 'r', amount: 100 },
        { studio: 'other', key: `${secret}-other` },
      ),
    ).toMatchObject({
      status: 'RS_ERROR_INVALID_TOKEN',
    });
    expect(await bet('x-4', 100, { token: 'forged' })).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    expect(await bet('x-5', 100, { currency: 'USD' })).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY' });
    for (const amount of [-100, 0, 1.5, '100', null, 2 ** 60]) {
      expect(await bet(`x-amount-${String(amount)}`, amount as number)).toMatchObject({
        status: 'RS_ERROR_WRONG_SYNTAX',
      });
    }
    const unsigned = await app.inject({
      method: 'POST',
      url: '/wallet/transaction/bet',
      headers: { 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(unsigned.json()).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    const oversized = JSON.stringify({ user, padding: 'x'.repeat(20_000) });
    const big = await app.inject({
      method: 'POST',
      url: '/wallet/transaction/bet',
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': 'chrysos-studio',
        'x-chrysos-signature': signBody(oversized, secret),
      },
      body: oversized,
    });
    expect(big.json()).toEqual({ status: 'RS_ERROR_WRONG_SYNTAX' });
    expect(await balance()).toBe(10_000);
  });

  it('refuses play for a disabled player', async () => {
    const { user, bet, balance } = await seat();
    await app.database.db
      .update(schema.players)
      .set({ disabledAt: new Date() })
      .where(eq(schema.players.id, user));
    expect(await bet('d-1', 100)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED' });
    await app.database.db.update(schema.players).set({ disabledAt: null }).where(eq(schema.players.id, user));
    expect(await balance()).toBe(10_000);
  });

  it('refuses a rollback of a bet that a win already answers, moving nothing', async () => {
    const { id, bet, win, rollback, balance } = await seat();
    expect(await bet('s-1', 1_000)).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    expect(await win('s-1-win', 's-1', 3_000)).toMatchObject({ status: 'RS_OK', balance: 12_000 });
    const refused = { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', balance: 12_000 };
    expect(await rollback('s-1-rb', 's-1')).toMatchObject(refused);
    // Sent again, or under another id, it is refused the same way: nothing was recorded.
    expect(await rollback('s-1-rb', 's-1')).toMatchObject(refused);
    expect(await rollback('s-1-rb-again', 's-1')).toMatchObject(refused);
    expect(await balance()).toBe(10_000 - 1_000 + 3_000);
    // A lost round (a win of 0) is played out too: its stake stays lost.
    expect(await bet('s-2', 400)).toMatchObject({ status: 'RS_OK', balance: 11_600 });
    expect(await win('s-2-win', 's-2', 0)).toMatchObject({ status: 'RS_OK', balance: 11_600 });
    expect(await rollback('s-2-rb', 's-2')).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: 11_600,
    });
    expect(await app.wallet.ledger.transaction(`chrysos-studio:${id('s-1-rb')}`)).toBeUndefined();
  });

  it('books only one of a win and a rollback of the same bet arriving together', async () => {
    const { bet, win, rollback, balance } = await seat();
    const bets = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    for (const id of bets) expect(await bet(id, 100)).toMatchObject({ status: 'RS_OK' });
    const answers = await Promise.all(
      bets.map((id) => Promise.all([win(`${id}-win`, id, 250), rollback(`${id}-rb`, id)])),
    );
    let expected = 10_000 - 100 * bets.length;
    for (const [won, rolledBack] of answers) {
      expect([won.status, rolledBack.status].filter((status) => status === 'RS_OK')).toHaveLength(1);
      expected += won.status === 'RS_OK' ? 250 : 100;
    }
    expect(await balance()).toBe(expected);
    expect(await betsPaidAndRefunded(app.database.db)).toEqual([]);
  });

  it('leaves the ledger balanced', async () => {
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  });
});
