import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { Wallet } from '@chrysos/server/wallet';
import { openGameSession } from '@chrysos/server/wallet/game-sessions';
import { signBody } from '@chrysos/server/wallet/protocol';
import { ServerProcess } from '@chrysos/server/wallet/server-process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';

/**
 * Seamless-wallet throughput on PostgreSQL: rounds of bet + win through the product's signed HTTP
 * protocol, for 1,000 players and for one hot player, next to a raw-SQL baseline doing the same
 * conditional balance update and entry insert per call with the driver, in the same run. Then the
 * latency at a fixed 500 bets/s. Prints figures; never passes or fails.
 *   DATABASE_URL=postgres://… node bench/wallet.ts [--duration 10] [--connections 8]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 8);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const studio = 'bench-studio';
const secret = 'bench-studio-secret-0123456789abcdef';

const database = await openTestDatabase('postgres');
await database.migrate();
const { db } = database;
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
);

// 1,000 funded players, each with a game session.
const playerCount = 1_000;
const players: { id: string; token: string }[] = [];
const inserted = await db
  .insert(schema.players)
  .values(
    Array.from({ length: playerCount }, (_, i) => ({
      email: `bench-${i}@example.gr`,
      currency: 'EUR',
      termsAcceptance: true,
      ageAcceptance: true,
    })),
  )
  .returning({ id: schema.players.id });
const wallet = new Wallet(db);
for (const player of inserted) {
  await wallet.deposit({
    key: `bench-deposit:${player.id}`,
    playerId: player.id,
    currency: 'EUR',
    amount: 100_000_000,
  });
  players.push({
    id: player.id,
    token: await openGameSession(db, { playerId: player.id, currency: 'EUR', studio, gameCode: 'bench' }),
  });
}

const server = new ServerProcess({
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: String(connections),
  WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
  WALLET_MAX_BET: '1000000',
});
await server.start();
const { port } = server;

// A studio's HTTP client: undici, kept-alive connections, one request at a time on each.
const studioClient = new Pool(`http://127.0.0.1:${port}`, { connections });

/** One signed protocol call; resolves with the latency in ms. */
async function call(path: string, body: Record<string, unknown>): Promise<number> {
  const text = JSON.stringify(body);
  const started = performance.now();
  const response = await studioClient.request({
    path,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-chrysos-studio': studio,
      'x-chrysos-signature': signBody(text, secret),
    },
    body: text,
  });
  const answer = await response.body.text();
  if (!answer.includes('"RS_OK"')) throw new Error(answer);
  return performance.now() - started;
}

/** A round as a studio plays it: a bet, then the win answering it. */
async function round(player: { id: string; token: string }, latencies: number[]) {
  const bet = randomUUID();
  const common = { user: player.id, token: player.token, game_code: 'bench', currency: 'EUR', round: bet };
  latencies.push(
    await call('/wallet/transaction/bet', {
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: bet,
      amount: 100,
    }),
  );
  latencies.push(
    await call('/wallet/transaction/win', {
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round_closed: true,
      amount: 90,
    }),
  );
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length * q)] ?? 0) * 10) / 10;
};

/**
 * Closed loop: `connections` studios each playing rounds back to back. With `roundsPerSecond`, an
 * open loop instead: rounds start on a fixed schedule whatever the answers, as real traffic does.
 */
async function protocol(
  name: string,
  pickPlayer: () => { id: string; token: string },
  roundsPerSecond?: number,
) {
  const measure = async (seconds: number) => {
    const latencies: number[] = [];
    const until = Date.now() + seconds * 1000;
    if (roundsPerSecond) {
      const inFlight: Promise<void>[] = [];
      for (let next = Date.now(); next < until; next += 1000 / roundsPerSecond) {
        const wait = next - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        inFlight.push(round(pickPlayer(), latencies));
      }
      await Promise.all(inFlight);
    } else {
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) await round(pickPlayer(), latencies);
        }),
      );
    }
    return latencies;
  };
  await measure(3);
  const latencies = await measure(duration);
  return {
    target: name,
    'calls/s': Math.round(latencies.length / duration),
    'rounds/s': Math.round(latencies.length / 2 / duration),
    'p50 ms': percentile(latencies, 0.5),
    'p99 ms': percentile(latencies, 0.99),
    errors: 0,
  };
}

/** The same work without the product: one conditional update and one insert per call, in a transaction. */
async function rawBaseline(name: string, pickPlayer: () => { id: string }) {
  const pool = new pg.Pool({ connectionString: database.url, max: connections });
  await pool.query(
    'create table if not exists bench_accounts (player_id uuid primary key, balance bigint not null check (balance >= 0))',
  );
  await pool.query(
    'create table if not exists bench_entries (id bigserial primary key, player_id uuid not null, amount bigint not null, key text unique not null)',
  );
  await pool.query('insert into bench_accounts select id, 100000000 from players on conflict do nothing');
  const call = async (playerId: string, amount: number) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const updated = await client.query(
        'update bench_accounts set balance = balance + $2 where player_id = $1 and balance + $2 >= 0 returning balance',
        [playerId, amount],
      );
      if (updated.rowCount !== 1) throw new Error('insufficient');
      await client.query('insert into bench_entries (player_id, amount, key) values ($1, $2, $3)', [
        playerId,
        amount,
        randomUUID(),
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };
  const latencies: number[] = [];
  let calls = 0;
  const run = async (until: number) => {
    while (Date.now() < until) {
      const player = pickPlayer();
      for (const amount of [-100, 90]) {
        const started = performance.now();
        await call(player.id, amount);
        latencies.push(performance.now() - started);
        calls++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, () => run(Date.now() + 2000)));
  latencies.length = 0;
  calls = 0;
  await Promise.all(Array.from({ length: connections }, () => run(Date.now() + duration * 1000)));
  await pool.end();
  return {
    target: name,
    'calls/s': Math.round(calls / duration),
    'rounds/s': Math.round(calls / duration / 2),
    'p50 ms': percentile(latencies, 0.5),
    'p99 ms': percentile(latencies, 0.99),
    errors: 0,
  };
}

const anyPlayer = () => players[Math.floor(Math.random() * players.length)] as { id: string; token: string };
const hotPlayer = () => players[0] as { id: string; token: string };
try {
  // Warm-up: every player plays a round first, so the server has looked up each player's accounts
  // once (it keeps their ids) and the measured runs see the steady state of a long-running server.
  for (let i = 0; i < players.length; i += connections) {
    await Promise.all(players.slice(i, i + connections).map((player) => round(player, [])));
  }
  // The product runs first in each pair, so the baseline's bulk writes never slow it down.
  const product1000 = await protocol('protocol bet + win, 1,000 players', anyPlayer);
  const raw1000 = await rawBaseline('raw SQL baseline, 1,000 players', anyPlayer);
  const productHot = await protocol('protocol bet + win, one hot player', hotPlayer);
  const rawHot = await rawBaseline('raw SQL baseline, one hot player', hotPlayer);
  const rows = [
    raw1000,
    product1000,
    rawHot,
    productHot,
    await protocol('protocol at 500 bets/s (500 rounds/s), 1,000 players', anyPlayer, 500),
  ];
  console.log(
    `\nPostgreSQL, ${connections} connections, ${duration} s per target, Node ${process.version}\n`,
  );
  console.table(rows);
  const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  console.log(
    `product / raw baseline throughput: ${ratio(rows[1]?.['calls/s'] ?? 0, rows[0]?.['calls/s'] ?? 1)} over 1,000 players, ` +
      `${ratio(rows[3]?.['calls/s'] ?? 0, rows[2]?.['calls/s'] ?? 1)} on one hot player (target ≥ 60%); ` +
      `p99 at 500 bets/s: ${rows[4]?.['p99 ms']} ms (target ≤ 50 ms).`,
  );
} finally {
  await studioClient.close();
  server.kill('SIGTERM');
  await database.close();
}
