import { randomUUID } from 'node:crypto';
import { openTestDatabase } from '@chrysos/db/testing';
import { buildApp } from '@chrysos/server/app';
import { parseConfig } from '@chrysos/server/config';
import { ServerProcess } from '@chrysos/server/wallet/server-process';
import { signBody } from '@chrysos/wallet-protocol';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';
import { fundedPlayers, type Player } from './funded-players.ts';

/**
 * Domain events read from the ledger (docs/decisions/0013-domain-events-and-bet-time-effects.md), on
 * PostgreSQL: how many money events a handler consumes per second when it has a backlog, next to a
 * bare `SELECT … WHERE id > $1` loop reading the same rows; and the lag from a booking to the handler
 * while a studio plays 500 rounds/s (500 bets/s and their wins) through the signed protocol, next to
 * the same bare loop polling at the handler's interval. Bookings go to a product server in a process
 * of its own; the handler runs in an app instance in this process, as a second instance would.
 * Prints figures; never passes or fails.
 *   DATABASE_URL=postgres://… node bench/events.ts [--duration 10] [--backlog 20000]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const duration = Number(argument('duration', '10'));
const backlogRounds = Number(argument('backlog', '20000')) / 2;
const rate = 500;
if (!process.env.DATABASE_URL) {
  console.log('bench/events.ts skipped: it measures on PostgreSQL; set DATABASE_URL=postgres://… to run it');
  process.exit(0);
}

const studio = 'bench-studio';
const secret = 'bench-studio-secret-0123456789abcdef';

const database = await openTestDatabase('postgres');
await database.migrate();
const { db } = database;
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
);

const players = await fundedPlayers(db, { count: 200, emailPrefix: 'bench-events', amount: 1e9, studio });

const server = new ServerProcess({
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: '8',
  WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
  WALLET_MAX_BET: '1000000',
});
await server.start();
const studioClient = new Pool(`http://127.0.0.1:${server.port}`, { connections: 64 });

async function call(path: string, body: Record<string, unknown>): Promise<void> {
  const text = JSON.stringify(body);
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
}

async function round(player: Player): Promise<void> {
  const bet = randomUUID();
  const common = { user: player.id, token: player.token, game_code: 'bench', currency: 'EUR', round: bet };
  await call('/wallet/transaction/bet', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: bet,
    amount: 100,
  });
  await call('/wallet/transaction/win', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet,
    round_closed: true,
    amount: 90,
  });
}
const anyPlayer = () => players[Math.floor(Math.random() * players.length)] as Player;

const head = async () => {
  const { rows } = (await db.execute(
    sql`select coalesce(max(id), 0) as head from ledger_transactions`,
  )) as unknown as {
    rows: { head: string }[];
  };
  return Number(rows[0]?.head);
};

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
};

/** An app instance of the product in this process, with one handler; started from the beginning or now. */
async function productInstance(
  handlerId: string,
  from: 'beginning' | 'now',
  handle: (occurredAt: Date) => void,
) {
  const app = await buildApp({
    config: parseConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, DATABASE_POOL_SIZE: '4' }),
    web: false,
    logger: false,
  });
  app.events.on(['wallet.bet_booked', 'wallet.win_booked'], handlerId, (event) => handle(event.occurredAt), {
    from,
  });
  await app.ready();
  return app;
}

/** The baseline reader: what a bare poll loop costs, with none of the product's bookkeeping. */
function bareReader(pool: pg.Pool) {
  return async (after: number) => {
    const { rows } = await pool.query<{ id: string; created_at: Date }>(
      'select id, kind, idempotency_key, player_id, currency, amount, reference, round, game_code, created_at from ledger_transactions where id > $1 order by id limit 500',
      [after],
    );
    return rows;
  };
}

const bare = new pg.Pool({ connectionString: database.url, max: 2 });
const read = bareReader(bare);
const lines: string[] = [];
const table: Record<string, string | number>[] = [];
try {
  // 1. A backlog of bookings, played as fast as the server takes them (the booking rate, for scale).
  const bookingStarted = performance.now();
  let started = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (started++ < backlogRounds) await round(anyPlayer());
    }),
  );
  const bookingSeconds = (performance.now() - bookingStarted) / 1000;
  const backlogHead = await head();
  table.push({
    reader: 'booking through the protocol (the writer)',
    'rows/s': Math.round((backlogRounds * 2) / bookingSeconds),
  });

  // 2. The bare loop reads the whole ledger once.
  const bareStarted = performance.now();
  let bareRows = 0;
  for (let after = 0; after < backlogHead; ) {
    const rows = await read(after);
    if (rows.length === 0) break;
    bareRows += rows.length;
    after = Number(rows.at(-1)?.id);
  }
  const bareRate = Math.round(bareRows / ((performance.now() - bareStarted) / 1000));
  table.push({ reader: 'bare SELECT … WHERE id > $1 loop (baseline)', 'rows/s': bareRate });

  // 3. A handler from the beginning of the ledger consumes the same backlog, timed from its first
  // event to its last (the app's start-up is not counted).
  let consumed = 0;
  let first = 0;
  let last = 0;
  let caughtUp: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  const gameEvents = backlogRounds * 2;
  const catchUp = await productInstance('bench.catch-up', 'beginning', () => {
    consumed++;
    if (consumed === 1) first = performance.now();
    if (consumed === gameEvents) {
      last = performance.now();
      caughtUp();
    }
  });
  await done;
  const handlerSeconds = (last - first) / 1000;
  // The ledger's other rows (deposits) are read and passed over: the rate counts every row read.
  const handlerRate = Math.round(backlogHead / handlerSeconds);
  await catchUp.close();
  table.push({ reader: 'event handler over the ledger (product)', 'rows/s': handlerRate, events: consumed });
  lines.push(
    `Consumption: the handler read ${handlerRate} ledger rows/s (${Math.round(consumed / handlerSeconds)} events/s) = ` +
      `${Math.round((handlerRate / bareRate) * 100)}% of the bare loop's ${bareRate} rows/s; bookings arrived at ${table[0]?.['rows/s']}/s.`,
  );

  // 4. Lag at 500 bets/s: the product's handler and the bare loop, polling at the same 100 ms, side by side.
  const productLag: number[] = [];
  const bareLag: number[] = [];
  let measuring = false;
  const live = await productInstance('bench.lag', 'now', (occurredAt) => {
    if (measuring) productLag.push(Date.now() - occurredAt.getTime());
  });
  let polling = true;
  const barePoller = (async () => {
    let after = await head();
    while (polling) {
      const rows = await read(after);
      for (const row of rows) if (measuring) bareLag.push(Date.now() - row.created_at.getTime());
      if (rows.length > 0) after = Number(rows.at(-1)?.id);
      // Like the handler: read again at once after rows came, wait a poll when none did.
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const openLoop = async (seconds: number) => {
    const inFlight: Promise<void>[] = [];
    const until = Date.now() + seconds * 1000;
    for (let next = Date.now(); next < until; next += 1000 / rate) {
      const wait = next - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(round(anyPlayer()));
    }
    await Promise.all(inFlight);
  };
  await openLoop(3);
  measuring = true;
  await openLoop(duration);
  // Let both readers reach the end of what was booked.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  measuring = false;
  polling = false;
  await barePoller;
  await live.close();
  for (const [reader, lags] of [
    ['bare loop, 100 ms poll (baseline)', bareLag],
    ['event handler, 100 ms poll (product)', productLag],
  ] as const) {
    table.push({
      reader: `${reader}, lag at ${rate} bets/s`,
      events: lags.length,
      'p50 ms': percentile(lags, 0.5),
      'p99 ms': percentile(lags, 0.99),
      'max ms': percentile(lags, 1),
    });
  }
  lines.push(
    `Lag from booking to handler at ${rate} bets/s: p99 ${percentile(productLag, 0.99)} ms (target ≤ 250 ms), ` +
      `bare loop p99 ${percentile(bareLag, 0.99)} ms; lag counts from the booking's transaction start (created_at).`,
  );

  console.log(
    `\nPostgreSQL, backlog of ${backlogRounds * 2} game bookings, ${duration} s at ${rate} bets/s, Node ${process.version}\n`,
  );
  console.table(table);
  for (const line of lines) console.log(line);
} finally {
  await bare.end();
  await studioClient.close();
  await server.stop();
  await database.close();
}
