import { randomUUID } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { signBody } from '@chrysos/wallet-protocol';
import { and, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { dropRedisKeys, testRedisPrefix, testRedisUrl } from '../../testing/redis.ts';
import { patience, waitUntil } from '../../testing/wait.ts';
import { ServerProcess } from '../../testing/wallet/server-process.ts';
import { parseConfig } from '../config.ts';
import { openGameSession, Wallet } from '../wallet/public.ts';
import { DatabaseBoard, RedisBoard, type Standing } from './leaderboard.ts';

/*
 * Issue 19's acceptance: 200 players bet concurrently on a tournament game, a quarter of the bets are
 * rolled back, and the server goes down in the middle (SIGKILL of its process on PostgreSQL, with Redis
 * when REDIS_URL is set; on PGlite, whose database one process holds, the app is closed mid-load and a
 * new one started on the same database). Clients re-send what got no answer. Once the points handler
 * has read the whole ledger, the board equals a recomputation from the ledger: every player's points
 * (their bets' real money, less rolled-back bets) and the order (points, then the first to reach them).
 */

const studio = 'tournament-studio';
const secret = 'tournament-studio-secret-0123456789abcdef';
const tournament = 'winter-reels-race';
const game = 'golden-drachma';
const playerCount = 200;
const betsPerPlayer = 6;

type Send = (path: string, body: string) => Promise<{ status: string } | null>;

interface Bettor {
  id: string;
  token: string;
}

/** Players of their own, funded with real money and joined to the tournament a minute ago. */
async function newBettors(db: Db, count: number): Promise<Bettor[]> {
  const wallet = new Wallet(db);
  const bettors: Bettor[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db
      .insert(schema.players)
      .values({
        email: `board-${i}-${randomUUID().slice(0, 8)}@example.gr`,
        currency: 'EUR',
        country: 'GR',
        termsAcceptance: true,
        ageAcceptance: true,
      })
      .returning({ id: schema.players.id });
    if (!row) throw new Error('no player');
    await db.insert(schema.playerCurrencies).values({ playerId: row.id, currency: 'EUR', active: true });
    await wallet.deposit({ key: `board-funds:${row.id}`, playerId: row.id, currency: 'EUR', amount: 100_00 });
    await db.insert(schema.tournamentParticipants).values({
      tournamentId: tournament,
      playerId: row.id,
      currency: 'EUR',
      confirmedAt: new Date(Date.now() - 60_000),
    });
    const token = await openGameSession(db, { playerId: row.id, currency: 'EUR', studio, gameCode: game });
    bettors.push({ id: row.id, token });
  }
  return bettors;
}

/** Sends a call until it is answered (the server may be down for a moment). */
async function answered(send: Send, path: string, body: string): Promise<{ status: string }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await send(path, body);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no answer to ${path}`);
}

/**
 * Every bettor's bets (10 to 500 cents, seeded), a quarter rolled back, `concurrency` players at a time;
 * `midway` runs once when half the players have played.
 */
async function play(bettors: Bettor[], send: Send, midway: () => Promise<void>, concurrency = 20) {
  let state = 19;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const plans = bettors.map((bettor) =>
    Array.from({ length: betsPerPlayer }, () => ({
      bettor,
      id: randomUUID(),
      amount: 10 + Math.floor(random() * 490),
      rollback: random() < 0.25,
    })),
  );
  let next = 0;
  let done = 0;
  let halted = false;
  const call = (bettor: Bettor, path: string, fields: Record<string, unknown>) =>
    answered(
      send,
      path,
      JSON.stringify({
        user: bettor.id,
        token: bettor.token,
        request_uuid: randomUUID(),
        game_code: game,
        currency: 'EUR',
        ...fields,
      }),
    );
  const worker = async () => {
    for (;;) {
      const index = next++;
      const bets = plans[index];
      if (!bets) return;
      for (const bet of bets) {
        await call(bet.bettor, 'transaction/bet', {
          transaction_uuid: bet.id,
          round: `round-${bet.id}`,
          amount: bet.amount,
        });
        if (bet.rollback) {
          await call(bet.bettor, 'transaction/rollback', {
            transaction_uuid: randomUUID(),
            reference_transaction_uuid: bet.id,
            round: `round-${bet.id}`,
          });
        }
      }
      done++;
      if (!halted && done >= bettors.length / 2) {
        halted = true;
        await midway();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The board recomputed from the ledger: real money of each bet not rolled back, and the last such bet. */
async function boardFromLedger(db: Db): Promise<Standing[]> {
  const rows = await db.execute<{ player_id: string; points: string; reached: string }>(sql`
    select b.player_id, sum(-e.amount)::bigint as points, max(b.id)::bigint as reached
    from ledger_transactions b
    join ledger_entries e on e.transaction_id = b.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'real' and a.player_id is not null
    join tournament_participants p on p.player_id = b.player_id and p.tournament_id = ${tournament}
    where b.kind = 'bet' and b.game_code = ${game}
      and not exists (
        select 1 from ledger_transactions r where r.kind = 'rollback' and r.reference = b.idempotency_key
      )
    group by b.player_id`);
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: typeof rows }).rows) as unknown as {
    player_id: string;
    points: string;
    reached: string;
  }[];
  return list
    .map((row) => ({ playerId: row.player_id, points: Number(row.points), reached: Number(row.reached) }))
    .sort((a, b) => b.points - a.points || a.reached - b.reached);
}

/**
 * Waits until the points handler has dealt with every ledger row: the whole load's backlog after a
 * crash, so the ceiling is a few times the usual patience.
 */
async function caughtUp(db: Db): Promise<void> {
  await vi.waitFor(
    async () => {
      const [head] = await db
        .select({ id: sql<number>`coalesce(max(${schema.ledgerTransactions.id}), 0)::bigint` })
        .from(schema.ledgerTransactions);
      const [position] = await db
        .select({ at: schema.eventHandlerPositions.position })
        .from(schema.eventHandlerPositions)
        .where(
          and(
            eq(schema.eventHandlerPositions.handler, 'tournaments.score'),
            eq(schema.eventHandlerPositions.stream, 'ledger'),
          ),
        );
      expect(Number(position?.at ?? 0)).toBeGreaterThanOrEqual(Number(head?.id ?? 0));
    },
    { timeout: 4 * patience, interval: 200 },
  );
}

/** The participants' stored points and tie-breaks, in board order, those with points only. */
async function storedBoard(db: Db): Promise<Standing[]> {
  const all = await new DatabaseBoard().top(db, tournament, playerCount + 1);
  return all;
}

describe('a tournament board under concurrent bets, rollbacks and a restart, on PGlite', () => {
  it('equals the recomputation from the ledger', async () => {
    const database = await openTestDatabase('pglite');
    const config = parseConfig({
      NODE_ENV: 'test',
      WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
    });
    const start = () =>
      buildApp({
        config,
        database,
        web: false,
        logger: false,
        events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 },
      }).then(async (app) => {
        await app.ready();
        return app;
      });
    let app: Awaited<ReturnType<typeof start>> | null = await start();
    try {
      const bettors = await newBettors(database.db, playerCount);
      const send: Send = async (path, body) => {
        const current = app;
        if (!current) return null;
        const response = await current
          .inject({
            method: 'POST',
            url: `/wallet/${path}`,
            headers: {
              'content-type': 'application/json',
              'x-chrysos-studio': studio,
              'x-chrysos-signature': signBody(body, secret),
            },
            body,
          })
          .catch(() => null);
        if (!response || response.statusCode >= 500) return null;
        return response.json() as { status: string };
      };
      let restarts = 0;
      await play(bettors, send, async () => {
        const stopping = app;
        app = null;
        await stopping?.close();
        app = await start();
        restarts++;
      });
      expect(restarts).toBe(1);
      await caughtUp(database.db);
      const expected = await boardFromLedger(database.db);
      expect(expected.length).toBeGreaterThan(playerCount * 0.9);
      expect(await storedBoard(database.db)).toEqual(expected);
    } finally {
      await app?.close();
      await database.close();
    }
  }, 600_000);
});

describeOnPostgres(
  'a tournament board under concurrent bets, rollbacks and a server kill, on PostgreSQL',
  () => {
    const prefix = testRedisPrefix();
    afterAll(async () => {
      if (testRedisUrl) await dropRedisKeys(testRedisUrl, prefix);
    });

    it(`equals the recomputation from the ledger${testRedisUrl ? ', in PostgreSQL and in Redis' : ''}`, async () => {
      const database = await openTestDatabase('postgres');
      await database.migrate();
      const server = new ServerProcess({
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '20',
        WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
        ...(testRedisUrl ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix } : { REDIS_URL: '' }),
      });
      await server.start();
      try {
        const bettors = await newBettors(database.db, playerCount);
        const send: Send = async (path, body) => {
          try {
            const response = await fetch(`http://127.0.0.1:${server.port}/wallet/${path}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-chrysos-studio': studio,
                'x-chrysos-signature': signBody(body, secret),
              },
              body,
              signal: AbortSignal.timeout(10_000),
            });
            if (response.status >= 500) return null;
            return (await response.json()) as { status: string };
          } catch {
            return null;
          }
        };
        let kills = 0;
        await play(bettors, send, async () => {
          server.kill();
          kills++;
          await new Promise((resolve) => setTimeout(resolve, 300));
          await server.start();
        });
        expect(kills).toBe(1);
        await caughtUp(database.db);
        const expected = await boardFromLedger(database.db);
        expect(expected.length).toBeGreaterThan(playerCount * 0.9);
        expect(await storedBoard(database.db)).toEqual(expected);
        if (testRedisUrl) {
          const redis = new Redis(testRedisUrl, { keyPrefix: prefix });
          try {
            const board = new RedisBoard(redis);
            await waitUntil(
              async () => expect(await board.top(database.db, tournament, playerCount + 1)).toEqual(expected),
              { interval: 200 },
            );
          } finally {
            redis.disconnect();
          }
        }
      } finally {
        await server.stop();
        await database.close();
      }
    }, 600_000);
  },
);
