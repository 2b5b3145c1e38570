import { randomUUID } from 'node:crypto';
import { createDatabase, type Database } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { signBody } from '@chrysos/wallet-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DomainEvent, EventHandler, HandlerOptions } from '../../platform/events.ts';
import { newFreeSpins, newGameSession, newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import { parseConfig } from '../config.ts';

const secret = 'a-studio-secret-that-is-long-enough-1234';
const studio = 'chrysos-studio';
type GameEvent = DomainEvent<'wallet.bet_booked' | 'wallet.win_booked' | 'wallet.rollback_booked'>;
const gameEvents = ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'] as const;

type Handlers = (app: Awaited<ReturnType<typeof buildApp>>) => void;

/** The API on `database` with short event intervals; `register` adds handlers before it starts. */
async function startApp(database: Database, register: Handlers = () => {}) {
  const app = await buildApp({
    config: parseConfig({ NODE_ENV: 'test', WALLET_STUDIOS: JSON.stringify({ [studio]: secret }) }),
    database,
    web: false,
    logger: false,
    events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 },
  });
  register(app);
  await app.ready();
  return Object.assign(app, { closeAll: () => app.close() });
}
type App = Awaited<ReturnType<typeof startApp>>;

/** A player with a game session, and the studio's signed calls for them. */
async function seat(app: App, funded = 10_000) {
  const player = await newPlayer(app, { currency: 'EUR', funded });
  const token = await newGameSession(app, player);
  const call = async (path: string, fields: Record<string, unknown>) => {
    const body = JSON.stringify({
      user: player.id,
      token,
      request_uuid: randomUUID(),
      game_code: 'golden-reels',
      currency: 'EUR',
      ...fields,
    });
    const response = await app.inject({
      method: 'POST',
      url: `/wallet/${path}`,
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': studio,
        'x-chrysos-signature': signBody(body, secret),
      },
      body,
    });
    const answer = response.json();
    expect(answer.status).toBe('RS_OK');
    return answer;
  };
  const bet = (id: string, amount: number, extra: Record<string, unknown> = {}) =>
    call('transaction/bet', { transaction_uuid: id, round: `round-${id}`, amount, ...extra });
  const win = (id: string, bet: string, amount: number, extra: Record<string, unknown> = {}) =>
    call('transaction/win', {
      transaction_uuid: id,
      reference_transaction_uuid: bet,
      round: `round-${bet}`,
      amount,
      ...extra,
    });
  const rollback = (id: string, bet: string) =>
    call('transaction/rollback', {
      transaction_uuid: id,
      reference_transaction_uuid: bet,
      round: `round-${bet}`,
    });
  return { player, bet, win, rollback };
}

/** A handler that keeps what it is given. */
function recorder(options: HandlerOptions = {}) {
  const seen: GameEvent[] = [];
  const handle: EventHandler<(typeof gameEvents)[number]> = (event) => {
    seen.push(event);
  };
  return {
    seen,
    on: (app: App | Awaited<ReturnType<typeof buildApp>>, id: string) =>
      app.events.on(gameEvents, id, handle, options),
  };
}

const keysOf = (events: GameEvent[]) => events.map((event) => event.payload.key);
const key = (id: string) => `${studio}:${id}`;

describe.each(testDatabaseKinds)('money events from the ledger on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('gives a handler every bet, win and rollback booked through the wallet, typed and in order', async () => {
    const recorded = recorder();
    const app = await startApp(database, (app) => recorded.on(app, 'test.in-order'));
    try {
      const { player, bet, win, rollback } = await seat(app, 1_000);
      // 500 of bonus money, so the bet takes 1,000 real and 200 bonus, and its win pays back 5:1.
      const bonusPool = await app.wallet.ledger.systemAccount('bonus_pool', 'EUR');
      const bonus = await app.wallet.ledger.playerAccount(player.id, 'EUR', 'bonus');
      await app.wallet.ledger.book({
        key: `test-bonus:${player.id}`,
        fingerprint: {},
        kind: 'bonus_activation',
        playerId: player.id,
        currency: 'EUR',
        amount: 500,
        legs: [
          { account: bonus, amount: 500, tracked: true },
          { account: bonusPool, amount: -500, tracked: false },
        ],
      });
      const [b1, w1, b2, r2, b3, w3] = [1, 2, 3, 4, 5, 6].map(() => randomUUID()) as string[];
      await bet(b1 as string, 1_200);
      await win(w1 as string, b1 as string, 600);
      await bet(b2 as string, 100);
      await rollback(r2 as string, b2 as string);
      // A free spin of Golden Drachma, paid by the player's spins of it.
      await newFreeSpins(app, player, { gameCode: 'golden-drachma' });
      await bet(b3 as string, 0, { is_free: true, game_code: 'golden-drachma' });
      await win(w3 as string, b3 as string, 250, { game_code: 'golden-drachma' });

      await waitUntil(() => expect(recorded.seen).toHaveLength(6), { interval: 20 });
      const [bet1, win1, bet2, rollback2, bet3, win3] = recorded.seen as GameEvent[];
      expect(recorded.seen.map((event) => event.name)).toEqual([
        'wallet.bet_booked',
        'wallet.win_booked',
        'wallet.bet_booked',
        'wallet.rollback_booked',
        'wallet.bet_booked',
        'wallet.win_booked',
      ]);
      expect(keysOf(recorded.seen)).toEqual([b1, w1, b2, r2, b3, w3].map((id) => key(id as string)));
      const positions = recorded.seen.map((event) => event.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(bet1?.payload).toMatchObject({
        playerId: player.id,
        currency: 'EUR',
        amount: 1_200,
        real: 1_000,
        bonus: 200,
        round: `round-${b1}`,
        gameCode: 'golden-reels',
        free: false,
      });
      expect(win1?.payload).toMatchObject({ amount: 600, real: 500, bonus: 100, betKey: key(b1 as string) });
      expect(bet2?.payload).toMatchObject({ amount: 100, real: 100, bonus: 0 });
      expect(rollback2?.payload).toMatchObject({
        amount: 100,
        real: 100,
        bonus: 0,
        betKey: key(b2 as string),
      });
      expect(bet3?.payload).toMatchObject({ amount: 0, free: true });
      // A free spin's win is bonus money.
      expect(win3?.payload).toMatchObject({ amount: 250, real: 0, bonus: 250, betKey: key(b3 as string) });
      expect(bet1?.id).toBe(`ledger:${bet1?.payload.transactionId}`);
    } finally {
      await app.closeAll();
    }
  });

  it('retries a handler that throws from the same event, without holding up the others', async () => {
    const steady = recorder();
    const delivered: string[] = [];
    let attempts = 0;
    let healthy = false;
    const app = await startApp(database, (app) => {
      steady.on(app, 'test.steady');
      app.events.on('wallet.bet_booked', 'test.flaky', (event) => {
        attempts++;
        if (!healthy) throw new Error('the push service is down');
        delivered.push(event.payload.key);
      });
    });
    try {
      const { bet } = await seat(app);
      const [first, second] = [randomUUID(), randomUUID()];
      await bet(first, 100);
      await bet(second, 100);
      await waitUntil(() => expect(keysOf(steady.seen)).toEqual([key(first), key(second)]), { interval: 20 });
      await waitUntil(() => expect(attempts).toBeGreaterThanOrEqual(3), { interval: 20 });
      expect(delivered).toEqual([]);
      expect(app.events.status().find((entry) => entry.handler === 'test.flaky')?.failures).toBeGreaterThan(
        0,
      );

      healthy = true;
      await waitUntil(() => expect(delivered).toEqual([key(first), key(second)]), { interval: 20 });
    } finally {
      await app.closeAll();
    }
  });

  it('keeps each handler’s position across a restart: what was handled is not handled again', async () => {
    const before = recorder();
    const first = await startApp(database, (app) => before.on(app, 'test.restart'));
    const done = randomUUID();
    let player: TestPlayer;
    try {
      const table = await seat(first);
      player = table.player;
      await table.bet(done, 100);
      await waitUntil(() => expect(keysOf(before.seen)).toEqual([key(done)]), { interval: 20 });
    } finally {
      await first.closeAll();
    }

    const after = recorder();
    const second = await startApp(database, (app) => after.on(app, 'test.restart'));
    try {
      const table = await seat(second);
      const next = randomUUID();
      await table.bet(next, 100);
      await waitUntil(() => expect(keysOf(after.seen)).toContain(key(next)), { interval: 20 });
      expect(keysOf(after.seen)).toEqual([key(next)]);
      expect(player.id).not.toBe(table.player.id);
    } finally {
      await second.closeAll();
    }
  });

  it('passes over an id whose booking rolled back, and delivers what follows', async () => {
    const recorded = recorder();
    const app = await startApp(database, (app) => recorded.on(app, 'test.rolled-back'));
    try {
      const { player, bet } = await seat(app);
      const lost = randomUUID();
      await expect(
        app.database.db.transaction(async (tx) => {
          await app.wallet.using(tx).bet({
            key: key(lost),
            playerId: player.id,
            currency: 'EUR',
            amount: 100,
            round: 'lost',
            gameCode: 'golden-reels',
          });
          throw new Error('the caller gave up');
        }),
      ).rejects.toThrow('the caller gave up');
      const kept = randomUUID();
      await bet(kept, 100);
      await waitUntil(() => expect(keysOf(recorded.seen)).toEqual([key(kept)]), { interval: 20 });
    } finally {
      await app.closeAll();
    }
  });
});

describeOnPostgres('money events across transactions and instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database.close());

  it('delivers a booking that commits after a later one, in id order, instead of skipping it', async () => {
    const recorded = recorder();
    const app = await startApp(database, (app) => recorded.on(app, 'test.late-commit'));
    try {
      const early = await seat(app);
      const late = await seat(app);
      // A first bet each, so the accounts a bet uses exist: the held transaction creates none that
      // the other bet would wait on.
      const warmUp = [randomUUID(), randomUUID()];
      await early.bet(warmUp[0] as string, 100);
      await late.bet(warmUp[1] as string, 100);
      const [earlyId, lateId] = [randomUUID(), randomUUID()];
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let booked = () => {};
      const taken = new Promise<void>((resolve) => {
        booked = resolve;
      });
      // The early bet takes its ledger id first, and stays uncommitted.
      const open = app.database.db.transaction(async (tx) => {
        await app.wallet.using(tx).bet({
          key: key(earlyId),
          playerId: early.player.id,
          currency: 'EUR',
          amount: 100,
          round: 'early',
          gameCode: 'golden-reels',
        });
        booked();
        await held;
      });
      await taken;
      // Another player's bet takes the next id and commits.
      await late.bet(lateId, 100);

      // The reader has seen the committed bet behind a hole, and holds it back.
      await waitUntil(
        () =>
          expect(
            app.events.status().find((entry) => entry.handler === 'test.late-commit')?.waitingOnHole,
          ).toBe(true),
        { interval: 10 },
      );
      expect(keysOf(recorded.seen)).toEqual(warmUp.map(key));

      commit();
      await open;
      await waitUntil(() => expect(keysOf(recorded.seen)).toEqual([...warmUp, earlyId, lateId].map(key)), {
        interval: 20,
      });
    } finally {
      await app.closeAll();
    }
  });

  it('runs a handler on one instance at a time: two instances on one database handle each event once', async () => {
    const other = await createDatabase({ url: database.url as string, poolSize: 4 });
    const handled: { key: string; instance: string }[] = [];
    let active = 0;
    let mostAtOnce = 0;
    const register = (instance: string) => (app: Awaited<ReturnType<typeof buildApp>>) =>
      app.events.on('wallet.bet_booked', 'test.one-instance', async (event) => {
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        // Long enough that the two instances would overlap if both ran the handler.
        await new Promise((resolve) => setTimeout(resolve, 2));
        handled.push({ key: event.payload.key, instance });
        active--;
      });
    const one = await startApp(database, register('one'));
    const two = await startApp(other, register('two'));
    try {
      const tables = await Promise.all([seat(one), seat(two), seat(one), seat(two)]);
      const booked: string[] = [];
      for (let round = 0; round < 15; round++) {
        await Promise.all(
          tables.map((table) => {
            const id = randomUUID();
            booked.push(key(id));
            return table.bet(id, 10);
          }),
        );
      }
      await waitUntil(() => expect(handled.length).toBeGreaterThanOrEqual(booked.length), { interval: 20 });
      expect(handled.map((entry) => entry.key).sort()).toEqual([...booked].sort());
      expect(mostAtOnce).toBe(1);
    } finally {
      await Promise.all([one.closeAll(), two.closeAll()]);
      await other.close();
    }
  });
});
