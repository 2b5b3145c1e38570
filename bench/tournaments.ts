import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { DatabaseBoard, RedisBoard } from '@chrysos/server/tournaments/leaderboard';
import { ServerProcess } from '@chrysos/server/wallet/server-process';
import { signBody } from '@chrysos/wallet-protocol';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { Pool } from 'undici';
import { fundedPlayers } from './funded-players.ts';

/**
 * Tournament leaderboards (issue 19, docs/decisions/0025-tournament-leaderboards.md), on PostgreSQL:
 *
 * - **Update lag**: bets on a tournament game through the signed protocol at a steady rate, by players
 *   who joined; the lag from each bet's answer to its points being on the board (the tournaments.score
 *   handler's row), next to the baseline of the bet's own ledger row becoming visible, both seen by the
 *   same 10 ms poll. Target p99 ≤ 1 s.
 * - **Reads**: a board of `--participants` players (100,000 by default), the top 100 and a player's
 *   place read `--reads` times each, from PostgreSQL (index range, count) and, with REDIS_URL, from the
 *   Redis sorted set; baselines `select 1` and Redis PING. Target top-100 p99 ≤ 10 ms.
 *
 * Prints figures; never passes or fails.
 *   DATABASE_URL=postgres://… [REDIS_URL=redis://…] node bench/tournaments.ts
 *     [--participants 100000] [--bets 500] [--rate 50] [--reads 500]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const participants = Number(argument('participants', '100000'));
const betCount = Number(argument('bets', '500'));
const rate = Number(argument('rate', '50'));
const reads = Number(argument('reads', '500'));
if (!process.env.DATABASE_URL) {
  console.log(
    'bench/tournaments.ts skipped: it measures on PostgreSQL; set DATABASE_URL=postgres://… to run it',
  );
  process.exit(0);
}
const redisUrl = process.env.REDIS_URL;
const prefix = `bench-tournaments-${randomUUID().slice(0, 8)}:`;
const tournament = 'winter-reels-race';
const studio = 'bench-studio';
const secret = 'bench-studio-secret-0123456789abcdef';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const figures = (label: string, values: number[]) =>
  console.log(
    `${label.padEnd(44)} p50 ${percentile(values, 50).toFixed(2).padStart(9)} ms   p99 ${percentile(
      values,
      99,
    )
      .toFixed(2)
      .padStart(9)} ms   (${values.length})`,
  );

/** The rows of a raw query's result (node-postgres answers `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const database = await openTestDatabase('postgres');
await database.migrate();
const { db } = database;
const server = new ServerProcess({
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: '8',
  WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
  ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix } : { REDIS_URL: '' }),
});
await server.start();

try {
  // ——— Update lag ———
  await db.execute(
    sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
  );
  const players = await fundedPlayers(db, {
    count: 50,
    emailPrefix: 'bench-tournaments',
    amount: 1e9,
    studio,
  });
  await db.insert(schema.tournamentParticipants).values(
    players.map((player) => ({
      tournamentId: tournament,
      playerId: player.id,
      currency: 'EUR',
      confirmedAt: new Date(Date.now() - 60_000),
    })),
  );
  const client = new Pool(`http://127.0.0.1:${server.port}`, { connections: 32 });
  const answeredAt = new Map<string, number>();
  const bet = async (index: number) => {
    const player = players[index % players.length];
    if (!player) return;
    const id = randomUUID();
    const body = JSON.stringify({
      user: player.id,
      token: player.token,
      request_uuid: randomUUID(),
      game_code: 'golden-drachma',
      currency: 'EUR',
      transaction_uuid: id,
      round: `round-${id}`,
      amount: 100,
    });
    const response = await client.request({
      path: '/wallet/transaction/bet',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-chrysos-studio': studio,
        'x-chrysos-signature': signBody(body, secret),
      },
      body,
    });
    await response.body.text();
    answeredAt.set(`${studio}:${id}`, performance.now());
  };

  // The poll that sees both: a bet's ledger row (baseline) and its points row.
  const bookedSeen = new Map<string, number>();
  const scoredSeen = new Map<string, number>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const booked = await db.execute<{ key: string }>(
        sql`select idempotency_key as key from ledger_transactions where kind = 'bet'`,
      );
      const scored = await db.execute<{ key: string }>(
        sql`select bet_key as key from tournament_points where tournament_id = ${tournament}`,
      );
      const now = performance.now();
      for (const row of rowsOf<{ key: string }>(booked))
        if (!bookedSeen.has(row.key)) bookedSeen.set(row.key, now);
      for (const row of rowsOf<{ key: string }>(scored))
        if (!scoredSeen.has(row.key)) scoredSeen.set(row.key, now);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < betCount; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(bet(i));
  }
  await Promise.all(inFlight);
  for (let waited = 0; scoredSeen.size < answeredAt.size && waited < 30_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  polling = false;
  await poll;
  await client.close();
  const lag = (seen: Map<string, number>) =>
    [...answeredAt].flatMap(([key, at]) => {
      const when = seen.get(key);
      return when === undefined ? [] : [Math.max(0, when - at)];
    });
  console.log(
    `\nupdate lag, ${betCount} bets at ${rate}/s by ${players.length} players (${redisUrl ? 'Redis on' : 'no Redis'})`,
  );
  figures('baseline: the bet’s ledger row visible', lag(bookedSeen));
  figures('points on the board (tournaments.score)', lag(scoredSeen));
  console.log(`bets never scored within 30 s: ${answeredAt.size - scoredSeen.size}`);

  // ——— Reads on a big board ———
  await db.execute(sql`
    insert into players (email, currency, terms_acceptance, age_acceptance)
    select 'bench-board-' || n || '@example.gr', 'EUR', true, true from generate_series(1, ${participants}) n`);
  await db.execute(sql`
    insert into tournament_participants (tournament_id, player_id, currency, points, reached, confirmed_at)
    select ${tournament}, id, 'EUR', (random() * 100000)::bigint, (random() * 10000000)::bigint, now()
    from players where email like 'bench-board-%'`);
  await db.execute(sql`analyze tournament_participants`);
  const sample = rowsOf<{ player_id: string; points: string; reached: string }>(
    await db.execute(
      sql`select player_id, points, reached from tournament_participants
          where tournament_id = ${tournament} order by random() limit ${reads}`,
    ),
  ).map((row) => ({
    playerId: row.player_id,
    points: Number(row.points),
    reached: Number(row.reached),
  }));

  const time = async (work: () => Promise<unknown>) => {
    const at = performance.now();
    await work();
    return performance.now() - at;
  };
  const repeat = async (work: (i: number) => Promise<unknown>) => {
    const values: number[] = [];
    for (let i = 0; i < reads; i++) values.push(await time(() => work(i)));
    return values;
  };

  console.log(`\nreads on a board of ${participants.toLocaleString('en')} participants, ${reads} reads each`);
  const inDatabase = new DatabaseBoard();
  figures('baseline: select 1', await repeat(() => db.execute(sql`select 1`)));
  figures('top 100, PostgreSQL', await repeat(() => inDatabase.top(db, tournament, 100)));
  figures(
    'a player’s place, PostgreSQL',
    await repeat((i) => inDatabase.placeOf(db, tournament, sample[i % sample.length] as never)),
  );
  if (redisUrl) {
    const redis = new Redis(redisUrl, { keyPrefix: prefix });
    const inRedis = new RedisBoard(redis);
    const rebuilt = await time(() => inRedis.rebuild(db, tournament, async () => null));
    console.log(`Redis board rebuilt from PostgreSQL in ${rebuilt.toFixed(0)} ms`);
    figures('baseline: Redis PING', await repeat(() => redis.ping()));
    figures('top 100, Redis', await repeat(() => inRedis.top(db, tournament, 100)));
    figures(
      'a player’s place, Redis',
      await repeat((i) => inRedis.placeOf(db, tournament, sample[i % sample.length] as never)),
    );
    redis.disconnect();
    // This run's keys (the server's and the bench's) go with it.
    const plain = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await plain.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await plain.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    plain.disconnect();
  } else {
    console.log('Redis: skipped (set REDIS_URL to measure the sorted set)');
  }
} finally {
  await server.stop();
  await database.close();
}
