import { type Database, type Db, schema, seed } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/tokens.ts';
import { BookingGroups, type SessionCall } from './booking-groups.ts';
import { openGameSession } from './game-sessions.ts';
import { auditLedger } from './invariants.ts';
import { Wallet } from './wallet.ts';

describe.each(testDatabaseKinds)('booking wallet calls in groups on %s', (kind) => {
  let database: Database;
  let wallet: Wallet;
  /** The database as BookingGroups sees it, counting the statements it is sent. */
  let counted: Db;
  let statements = 0;
  const studio = 'chrysos-studio';
  const players: { id: string; token: string }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
    await seed(database.db);
    wallet = new Wallet(database.db);
    counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'execute') statements++;
        return Reflect.get(target, property, receiver);
      },
    });
    for (const [index, deposit] of [10_000, 10_000, 10_000, 50].entries()) {
      const [created] = await database.db
        .insert(schema.players)
        .values({
          email: `group-${index}@example.gr`,
          currency: 'EUR',
          termsAcceptance: true,
          ageAcceptance: true,
        })
        .returning({ id: schema.players.id });
      const id = created?.id ?? '';
      await wallet.deposit({ key: `group-deposit-${index}`, playerId: id, currency: 'EUR', amount: deposit });
      players.push({
        id,
        token: await openGameSession(database.db, {
          playerId: id,
          currency: 'EUR',
          studio,
          gameCode: 'golden-reels',
        }),
      });
    }
  });
  afterAll(() => database.close());

  const bet = async (
    player: { id: string; token: string },
    key: string,
    amount: number,
    token = player.token,
  ) =>
    ({
      call: 'bet',
      tokenHash: hashToken(token),
      studio,
      movement: await wallet.betMovement({
        key,
        playerId: player.id,
        currency: 'EUR',
        amount,
        round: key,
        gameCode: 'golden-reels',
      }),
    }) satisfies SessionCall;

  it('sends the calls that arrive while a group is booked together, each with its own outcome', async () => {
    const [first, second, third, poor] = players as [
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
      (typeof players)[0],
    ];
    const groups = new BookingGroups(counted, 1);
    const calls = [
      await bet(first, 'g-1', 1_000),
      await bet(second, 'g-2', 2_000),
      await bet(poor, 'g-3', 5_000),
      await bet(third, 'g-4', 3_000, 'not-a-session-token'),
      await bet(third, 'g-5', 3_000),
      await bet(first, 'g-1', 1_000),
    ];
    statements = 0;
    const outcomes = await Promise.all(calls.map((call) => groups.book(call)));
    // The first call went alone; the five arriving meanwhile went in one statement.
    expect(statements).toBe(2);
    expect(outcomes[0]).toEqual({
      booking: { status: 'booked', result: expect.objectContaining({ real: 9_000 }) },
    });
    expect(outcomes[1]).toEqual({
      booking: { status: 'booked', result: expect.objectContaining({ real: 8_000 }) },
    });
    // Refused, and nothing changed for the poor player or for the calls grouped with it.
    expect(outcomes[2]).toEqual({ error: new Error('insufficient_funds') });
    expect(outcomes[3]).toEqual({ booked: false });
    expect(outcomes[4]).toEqual({
      booking: { status: 'booked', result: expect.objectContaining({ real: 7_000 }) },
    });
    // The same call again answers as the first one booked it.
    expect(outcomes[5]).toEqual({
      booking: { status: 'replay', result: expect.objectContaining({ real: 9_000 }) },
    });
    expect(await wallet.ledger.balances(poor.id, 'EUR')).toEqual({ real: 50, bonus: 0, held: 0 });
    expect(await wallet.ledger.transaction('g-3')).toBeUndefined();
    expect(await wallet.ledger.transaction('g-4')).toBeUndefined();
    expect(await auditLedger(database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  });

  it('tells every call of a group that failed as a whole, booking none of them', async () => {
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]];
    const groups = new BookingGroups(counted, 1);
    const good = await bet(first, 'g-6', 100);
    // A movement ledger_try_book cannot take (a tracked leg on another player's account) fails the statement.
    const broken = await bet(second, 'g-7', 100);
    broken.movement.legs = [
      { account: await wallet.ledger.playerAccount(first.id, 'EUR', 'real'), amount: -100, tracked: true },
      { account: await wallet.ledger.systemAccount('house', 'EUR'), amount: 100, tracked: false },
    ];
    const blocking = await bet(first, 'g-8', 100);
    const blocker = groups.book(blocking);
    const outcomes = await Promise.all([groups.book(good), groups.book(broken)]);
    expect(await blocker).toMatchObject({ booking: { status: 'booked' } });
    expect(outcomes.map((outcome) => 'error' in outcome)).toEqual([true, true]);
    expect(await wallet.ledger.transaction('g-6')).toBeUndefined();
    expect(await wallet.ledger.transaction('g-7')).toBeUndefined();
  });
});
