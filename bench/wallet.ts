import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { Wallet } from '@chrysos/server/wallet';
import { ServerProcess } from '@chrysos/server/wallet/server-process';
import { signBody } from '@chrysos/wallet-protocol';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';
import { fundedPlayers, type Player } from './funded-players.ts';

/**
 * Seamless-wallet throughput on PostgreSQL: rounds of bet + win through the product's signed HTTP
 * protocol, for 1,000 players and for one hot player, next to a raw-SQL baseline doing the same
 * conditional balance update and entry insert per call with the driver, in the same run. Each side
 * runs at several client concurrencies, and its throughput is the best of them: the baseline peaks
 * where its connections match the cores, the product where enough calls arrive together to be booked
 * in groups. Then the latency at a fixed 500 bets/s. Then the same runs again with a running bonus on
 * every player (max bet above the stake, wagering far from met), so each bet is checked against the
 * bonus's maximum and followed by the bonus engine's handler, next to the runs without; and how soon
 * a bet's wagering progress is visible on the player's bonus. Then rounds on a slot with the jackpot's
 * contribution and comp points next to a plain currency that has neither (programmes()). Prints
 * figures; never passes or fails.
 *   DATABASE_URL=postgres://… node bench/wallet.ts [--duration 10] [--clients 8,16,32] [--pool 8]
 *     [--parts wallet,programmes]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const duration = Number(argument('duration', '10'));
const clientCounts = argument('clients', '8,16,32').split(',').map(Number);
/** `wallet`: the plain runs and the runs with a bonus (issue 16); `programmes`: jackpot and comp points (issue 18). */
const parts = argument('parts', 'wallet,programmes').split(',');
/** The product server's connection pool, fixed like a deployment's whatever the load. */
const poolSize = Number(argument('pool', '8'));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const studio = 'bench-studio';
const secret = 'bench-studio-secret-0123456789abcdef';

const database = await openTestDatabase('postgres');
await database.migrate();
const { db } = database;
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
);

// XTS, ISO 4217's code for tests: a currency without a euro rate, so no jackpot and no comp points
// (the plain side of programmes()); known before the server starts, which reads the currencies once.
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('XTS', 'XTS', 100, true, 99) on conflict do nothing`,
);

// 1,000 funded players, each with a game session.
const players = await fundedPlayers(db, { count: 1_000, emailPrefix: 'bench', amount: 100_000_000, studio });

const server = new ServerProcess({
  DATABASE_URL: database.url,
  DATABASE_POOL_SIZE: String(poolSize),
  WALLET_STUDIOS: JSON.stringify({ [studio]: secret }),
  WALLET_MAX_BET: '1000000',
});
await server.start();
// A studio's HTTP client: undici, kept-alive connections, one request at a time on each; as many
// connections as the most clients run at once, so the open-loop run never queues in the client.
const studioClient = new Pool(`http://127.0.0.1:${server.port}`, {
  connections: Math.max(...clientCounts),
});

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
async function round(player: Player, latencies: number[], game = 'bench') {
  const bet = randomUUID();
  const common = {
    user: player.id,
    token: player.token,
    game_code: game,
    currency: player.currency,
    round: bet,
  };
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

interface Figures {
  target: string;
  clients: number | string;
  'calls/s': number;
  'rounds/s': number;
  'p50 ms': number;
  'p99 ms': number;
}

const figures = (target: string, clients: number | string, latencies: number[]): Figures => ({
  target,
  clients,
  'calls/s': Math.round(latencies.length / duration),
  'rounds/s': Math.round(latencies.length / 2 / duration),
  'p50 ms': percentile(latencies, 0.5),
  'p99 ms': percentile(latencies, 0.99),
});

/**
 * `clients` workers each playing rounds back to back: `warmUp` s of warm-up, then `seconds` s measured
 * (`duration` unless a caller measures in turns).
 */
async function closedLoop(
  clients: number,
  playRound: (latencies: number[]) => Promise<void>,
  seconds = duration,
  warmUp = 3,
) {
  const run = async (runSeconds: number) => {
    const latencies: number[] = [];
    const until = Date.now() + runSeconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (Date.now() < until) await playRound(latencies);
      }),
    );
    return latencies;
  };
  await run(warmUp);
  return run(seconds);
}

const protocol = (name: string, clients: number, pickPlayer: () => Player) =>
  closedLoop(clients, (latencies) => round(pickPlayer(), latencies)).then((latencies) =>
    figures(`protocol, ${name}`, clients, latencies),
  );

/** Rounds started on a fixed schedule whatever the answers, as real traffic arrives: the latencies. */
async function scheduledRounds(
  roundsPerSecond: number,
  pickPlayer: () => Player,
  game: string,
  seconds: number,
): Promise<number[]> {
  const latencies: number[] = [];
  const inFlight: Promise<void>[] = [];
  const until = Date.now() + seconds * 1000;
  for (let next = Date.now(); next < until; next += 1000 / roundsPerSecond) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(round(pickPlayer(), latencies, game));
  }
  await Promise.all(inFlight);
  return latencies;
}

/** scheduledRounds for 3 s of warm-up, then `duration` s measured. */
async function openLoop(name: string, roundsPerSecond: number, pickPlayer: () => Player, game = 'bench') {
  await scheduledRounds(roundsPerSecond, pickPlayer, game, 3);
  return figures(
    `protocol at ${roundsPerSecond} bets/s (${roundsPerSecond} rounds/s), ${name}`,
    'open',
    await scheduledRounds(roundsPerSecond, pickPlayer, game, duration),
  );
}

const bonusAmount = 10_000;
const bonusStake = 100;

/**
 * A running bonus on every player, as the engine's activation leaves it: its money granted from the
 * bonus pool by a booking keyed by the bonus, then the bonus activated with that booking as the point
 * its wagering counts from. A maximum bet of €5 (above the bench's €1 stake) and wagering of 1,000
 * times the bonus, so no bonus ends during the runs. Answers each player's bonus id.
 */
async function grantBonuses(list: Player[]): Promise<Map<string, string>> {
  const terms = {
    amount: { EUR: bonusAmount },
    wagering: { multiplier: 1_000, on: 'bonus', days: 30 },
    maxBet: { EUR: 500 },
    contributions: { categories: {}, games: {}, other: 100 },
  };
  await db
    .insert(schema.bonusCampaigns)
    .values({
      id: 'bench-bonus',
      kind: 'no_deposit',
      code: 'BENCH',
      title: { en: 'Bench bonus', el: 'Μπόνους μέτρησης' },
      terms,
    })
    .onConflictDoNothing();
  const wallet = new Wallet(db);
  const bonuses = new Map<string, string>();
  for (const player of list) {
    const [issued] = await db
      .insert(schema.playerBonuses)
      .values({
        playerId: player.id,
        campaignId: 'bench-bonus',
        kind: 'coupon',
        currency: 'EUR',
        amount: bonusAmount,
        wageringRequired: bonusAmount * 1_000,
        maxBet: 500,
        contributions: terms.contributions,
        wagerDays: 30,
        source: 'bench',
      })
      .returning({ id: schema.playerBonuses.id });
    if (!issued) throw new Error('bonus not issued');
    const booking = await wallet.grantBonus({
      key: `bonus:grant:${issued.id}`,
      playerId: player.id,
      currency: 'EUR',
      amount: bonusAmount,
      reference: issued.id,
    });
    if (booking.status === 'conflict') throw new Error(`bonus ${issued.id} grant refused`);
    const now = new Date();
    await db
      .update(schema.playerBonuses)
      .set({
        stage: 'activated',
        activatedAt: now,
        activationTransaction: booking.result.transaction_id,
        expiresAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
      })
      .where(eq(schema.playerBonuses.id, issued.id));
    bonuses.set(player.id, issued.id);
  }
  return bonuses;
}

/** Ledger transactions the bonus engine's handler of play (bonuses.play) has not read yet. */
async function bonusBacklog(): Promise<number> {
  const { rows } = (await db.execute(sql`
    select (select coalesce(max(id), 0) from ledger_transactions) - position as behind
    from event_handler_positions where handler = 'bonuses.play' and stream = 'ledger'`)) as unknown as {
    rows: { behind: string }[];
  };
  return Number(rows[0]?.behind ?? 0);
}

/** Waits for every event handler to read both streams to their heads (the backlog of the runs before). */
async function allHandlersCaughtUp(): Promise<void> {
  const behind = async () =>
    (
      (await db.execute(sql`
        select count(*) as n from event_handler_positions p
        where (p.stream = 'ledger' and p.position < (select coalesce(max(id), 0) from ledger_transactions))
           or (p.stream = 'events' and p.position < (select coalesce(max(id), 0) from events))`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows[0]?.n;
  while (Number(await behind()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Waits for bonuses.play to read the whole ledger; answers how long that took, in seconds. */
async function bonusesCaughtUp(): Promise<number> {
  const started = performance.now();
  while ((await bonusBacklog()) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  return Math.round((performance.now() - started) / 100) / 10;
}

/**
 * Wagering progress as the player sees it: probe players each play rounds one after another; after each
 * bet's answer their bonus row is read every 5 ms until its wagering_done includes the stake. Runs
 * while `load` runs; answers the delays in ms.
 */
async function progressProbes(probes: Player[], bonuses: Map<string, string>, load: Promise<unknown>) {
  const reader = new pg.Pool({ connectionString: database.url, max: probes.length });
  const delays: number[] = [];
  let running = true;
  void load.finally(() => {
    running = false;
  });
  const wageringDone = async (bonusId: string) =>
    Number(
      (await reader.query('select wagering_done from player_bonuses where id = $1', [bonusId])).rows[0]
        ?.wagering_done,
    );
  await Promise.all(
    probes.map(async (player) => {
      const bonusId = bonuses.get(player.id) as string;
      while (running) {
        const before = await wageringDone(bonusId);
        const bet = randomUUID();
        const common = {
          user: player.id,
          token: player.token,
          game_code: 'bench',
          currency: 'EUR',
          round: bet,
        };
        await call('/wallet/transaction/bet', {
          ...common,
          request_uuid: randomUUID(),
          transaction_uuid: bet,
          amount: bonusStake,
        });
        const answered = performance.now();
        while ((await wageringDone(bonusId)) < before + bonusStake) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        delays.push(performance.now() - answered);
        await call('/wallet/transaction/win', {
          ...common,
          request_uuid: randomUUID(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: bet,
          round_closed: true,
          amount: 0,
        });
      }
    }),
  );
  await load;
  await reader.end();
  return delays;
}

await db.execute(
  sql`create table bench_accounts (player_id uuid primary key, balance bigint not null check (balance >= 0))`,
);
await db.execute(
  sql`create table bench_entries (id bigserial primary key, player_id uuid not null, amount bigint not null, key text unique not null)`,
);
await db.execute(sql`insert into bench_accounts select id, 100000000 from players`);

/** The same work without the product: one conditional update and one insert per call, in a transaction. */
async function rawBaseline(name: string, clients: number, pickPlayer: () => Player) {
  const pool = new pg.Pool({ connectionString: database.url, max: clients });
  const book = async (playerId: string, amount: number) => {
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
  const latencies = await closedLoop(clients, async (latencies) => {
    const player = pickPlayer();
    for (const amount of [-100, 90]) {
      const started = performance.now();
      await book(player.id, amount);
      latencies.push(performance.now() - started);
    }
  });
  await pool.end();
  return figures(`raw SQL baseline, ${name}`, clients, latencies);
}

const best = (rows: Figures[]) => rows.reduce((a, b) => (b['calls/s'] > a['calls/s'] ? b : a));
const ratio = (a: Figures, b: Figures) => `${((a['calls/s'] / b['calls/s']) * 100).toFixed(0)}%`;

/**
 * Issue 18: the same rounds on a slot ('golden-drachma') by euro players, each bet paying the progressive
 * jackpot its 1 % in the booking and earning comp points from the ledger (loyalty.comp-points), next to
 * the plain run: players in XTS (ISO 4217's code for tests), a currency without a euro rate, which has
 * no jackpot and earns no comp points, on the same slot. Then the latency at 500 bets/s of each, and how
 * soon a bet's comp points are booked after its answer while euro players play at 20, 100 and 500
 * bets/s. The two sides take turns (plain, euro, euro, plain) rather than one running after the other.
 */
async function programmes() {
  const slot = 'golden-drachma';
  const [tiers] = (
    (await db.execute(
      sql`select count(*)::int as n from jackpot_tiers where currency = 'EUR'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  if (!tiers?.n) throw new Error('no euro jackpot tiers: the server opens them at start');
  const amount = 100_000_000;
  const euro = await fundedPlayers(db, { count: 1_000, emailPrefix: 'bench-euro', amount, studio });
  const plain = await fundedPlayers(db, {
    count: 1_000,
    emailPrefix: 'bench-xts',
    amount,
    studio,
    currency: 'XTS',
  });
  for (const group of [euro, plain]) {
    for (let i = 0; i < group.length; i += 8) {
      await Promise.all(group.slice(i, i + 8).map((player) => round(player, [], slot)));
    }
  }
  const pick = (group: Player[]) => () => group[Math.floor(Math.random() * group.length)] as Player;
  const [plainName, euroName] = ['plain (XTS: no jackpot, no comp points)', 'jackpot + comp points (EUR)'];
  const sides = [plain, euro] as const;
  // The two sides measured in turns, plain, euro, euro, plain, half of `duration` each, with the
  // handlers caught up before each turn: what drifts over a run (a checkpoint, the ledger growing, the
  // server's heap filling up to its next full collection) falls on both sides alike instead of on
  // whichever ran second. Each turn has a second of warm-up of its own.
  const inTurns = async (measure: (group: Player[], seconds: number) => Promise<number[]>) => {
    const latencies: [number[], number[]] = [[], []];
    for (const side of [0, 1, 1, 0] as const) {
      await allHandlersCaughtUp();
      latencies[side] = latencies[side].concat(await measure(sides[side], duration / 2));
    }
    return latencies;
  };
  const rows: Figures[] = [];
  const runs: [Figures[], Figures[]] = [[], []];
  for (const clients of clientCounts) {
    const [plainRun, euroRun] = await inTurns((group, seconds) =>
      closedLoop(clients, (latencies) => round(pick(group)(), latencies, slot), seconds, 1),
    );
    runs[0].push(figures(`slot, ${plainName}`, clients, plainRun));
    runs[1].push(figures(`slot, ${euroName}`, clients, euroRun));
  }
  rows.push(...runs[0], ...runs[1]);
  const [plainBest, euroBest] = [best(runs[0]), best(runs[1])];
  const [plainSteadyRun, euroSteadyRun] = await inTurns(async (group, seconds) => {
    await scheduledRounds(500, pick(group), slot, 1);
    return scheduledRounds(500, pick(group), slot, seconds);
  });
  const plainSteady = figures(
    'protocol at 500 bets/s (500 rounds/s), slot, plain (XTS)',
    'open',
    plainSteadyRun,
  );
  const euroSteady = figures(
    'protocol at 500 bets/s (500 rounds/s), slot, jackpot + comp points (EUR)',
    'open',
    euroSteadyRun,
  );
  rows.push(plainSteady, euroSteady);

  // Comp accrual lag: 4 probe players bet one after another while the others play at a fixed rate;
  // after each bet's answer, the comp handler's position (moved in the transaction that books the points
  // of the bets it passed) is looked at every 5 ms until it reaches the bet's ledger transaction.
  const probes = euro.slice(-4);
  const others = pick(euro.slice(0, -4));
  const reader = new pg.Pool({ connectionString: database.url, max: probes.length });
  const accrual: { rate: number; delays: number[] }[] = [];
  for (const rate of [20, 100, 500]) {
    await allHandlersCaughtUp();
    const delays: number[] = [];
    let running = true;
    const load = openLoop(`slot, EUR, while 4 probe comp points`, rate, others, slot).then((row) => {
      rows.push(row);
      running = false;
    });
    await Promise.all(
      probes.map(async (player) => {
        while (running) {
          const bet = randomUUID();
          const common = {
            user: player.id,
            token: player.token,
            game_code: slot,
            currency: 'EUR',
            round: bet,
          };
          await call('/wallet/transaction/bet', {
            ...common,
            request_uuid: randomUUID(),
            transaction_uuid: bet,
            amount: 100,
          });
          const answered = performance.now();
          const booked = async () =>
            (
              await reader.query(
                `select 1 from event_handler_positions
                 where handler = 'loyalty.comp-points' and stream = 'ledger'
                   and position >= (select id from ledger_transactions where idempotency_key = $1)`,
                [`${studio}:${bet}`],
              )
            ).rowCount;
          while (!(await booked())) await new Promise((resolve) => setTimeout(resolve, 5));
          delays.push(performance.now() - answered);
          await call('/wallet/transaction/win', {
            ...common,
            request_uuid: randomUUID(),
            transaction_uuid: randomUUID(),
            reference_transaction_uuid: bet,
            round_closed: true,
            amount: 0,
          });
        }
      }),
    );
    await load;
    accrual.push({ rate, delays });
  }
  await reader.end();

  console.log(
    `\nJackpot contribution and comp points on a slot, 1,000 players each side, ${duration} s per target:\n`,
  );
  console.table(rows);
  console.log(
    `Throughput with jackpot + comp points ${euroBest['calls/s']} calls/s (${euroBest.clients} clients) / plain ` +
      `${plainBest['calls/s']} calls/s (${plainBest.clients} clients) = ${ratio(euroBest, plainBest)} (target ≥ 90%).`,
  );
  console.log(
    `p99 at 500 bets/s: ${euroSteady['p99 ms']} ms with jackpot + comp points, ${plainSteady['p99 ms']} ms plain (target ≤ 20 ms).`,
  );
  for (const { rate, delays } of accrual) {
    console.log(
      `Comp points booked after the bet's answer, ${delays.length} probed bets at ${rate} bets/s: ` +
        `p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms, max ${Math.round(Math.max(0, ...delays))} ms ` +
        `(target p99 ≤ 1,000 ms; looked for every 5 ms).`,
    );
  }
}

const anyPlayer = () => players[Math.floor(Math.random() * players.length)] as Player;
const hotPlayer = () => players[0] as Player;
try {
  if (parts.includes('wallet')) {
    // Warm-up: every player plays a round first, so the server has looked up each player's accounts
    // once (it keeps their ids) and the measured runs see the steady state of a long-running server.
    for (let i = 0; i < players.length; i += 8) {
      await Promise.all(players.slice(i, i + 8).map((player) => round(player, [])));
    }
    const scenarios = [
      { name: '1,000 players', pickPlayer: anyPlayer },
      { name: 'one hot player', pickPlayer: hotPlayer },
    ];
    const rows: Figures[] = [];
    const summary: string[] = [];
    const withoutBonus = new Map<string, Figures[]>();
    for (const { name, pickPlayer } of scenarios) {
      const product: Figures[] = [];
      const raw: Figures[] = [];
      for (const clients of clientCounts) {
        // The product runs first in each pair, so the baseline's bulk writes never slow it down.
        product.push(await protocol(name, clients, pickPlayer));
        raw.push(await rawBaseline(name, clients, pickPlayer));
        rows.push(raw.at(-1) as Figures, product.at(-1) as Figures);
      }
      withoutBonus.set(name, product);
      const [bestProduct, bestRaw] = [best(product), best(raw)];
      summary.push(
        `${name}: product ${bestProduct['calls/s']} calls/s (${bestProduct.clients} clients) / raw baseline ` +
          `${bestRaw['calls/s']} calls/s (${bestRaw.clients} clients) = ${ratio(bestProduct, bestRaw)}; ` +
          `at equal clients ${product.map((row, i) => `${row.clients}: ${ratio(row, raw[i] as Figures)}`).join(', ')}`,
      );
    }
    const steady = await openLoop('1,000 players', 500, anyPlayer);
    rows.push(steady);

    // The same runs with a running bonus on every player.
    const bonuses = await grantBonuses(players);
    const bonusRows: Figures[] = [];
    const bonusSummary: string[] = [];
    const backlogs: string[] = [];
    for (const { name, pickPlayer } of scenarios) {
      const product: Figures[] = [];
      for (const clients of clientCounts) {
        const figures = await protocol(`${name}, bonus on every player`, clients, pickPlayer);
        product.push(figures);
        bonusRows.push(figures);
        // The handler follows the bets from the ledger: how far behind the run left it, and how long it
        // took to catch up (measured before the next run, so each run starts with no backlog).
        const behind = await bonusBacklog();
        const seconds = await bonusesCaughtUp();
        backlogs.push(
          `${name}, ${clients} clients: ${behind} behind, caught up in ${seconds} s (${Math.round(behind / Math.max(seconds, 0.1))} events/s)`,
        );
      }
      const before = withoutBonus.get(name) ?? [];
      const [withBonus, without] = [best(product), best(before)];
      bonusSummary.push(
        `${name}: ${withBonus['calls/s']} calls/s with a bonus (${withBonus.clients} clients) / ${without['calls/s']} ` +
          `without (${without.clients} clients) = ${ratio(withBonus, without)}; at equal clients ` +
          `${product.map((row, i) => `${row.clients}: ${ratio(row, before[i] as Figures)}`).join(', ')}`,
      );
    }
    const probes = players.slice(-4);
    const others = players.slice(0, -4);
    const otherPlayer = () => others[Math.floor(Math.random() * others.length)] as Player;
    const bonusSteady = await openLoop('1,000 players, bonus on every player', 500, anyPlayer);
    bonusRows.push(bonusSteady);
    // Progress at rates the handlers may keep up with, then at 500 bets/s; each with no handler behind.
    const progress: { rate: number; delays: number[] }[] = [];
    for (const rate of [20, 100, 500]) {
      await allHandlersCaughtUp();
      const delays = await progressProbes(
        probes,
        bonuses,
        openLoop(`996 players with a bonus while 4 probe progress`, rate, otherPlayer).then((row) =>
          bonusRows.push(row),
        ),
      );
      progress.push({ rate, delays });
    }

    console.log(
      `\nPostgreSQL, product server pool ${poolSize} connections, ${duration} s per target, Node ${process.version}\n`,
    );
    console.table(rows);
    console.log(`Throughput, each side at its best client count (target: product ≥ 60% of the baseline):`);
    for (const line of summary) console.log(`  ${line}`);
    console.log(`p99 at 500 bets/s: ${steady['p99 ms']} ms (target ≤ 50 ms).`);
    console.log(`\nWith a running bonus on every player (max bet €5, stake €1):\n`);
    console.table(bonusRows);
    console.log(`Throughput next to the runs without a bonus, each at its best client count (target ≥ 90%):`);
    for (const line of bonusSummary) console.log(`  ${line}`);
    console.log(`bonuses.play handler after each closed-loop run: ${backlogs.join('; ')}`);
    console.log(
      `p99 at 500 bets/s with a bonus on every player: ${bonusSteady['p99 ms']} ms (target ≤ 20 ms; ` +
        `${steady['p99 ms']} ms without).`,
    );
    for (const { rate, delays } of progress) {
      console.log(
        `Wagering progress visible after the bet's answer, ${delays.length} probed bets at ${rate} bets/s: ` +
          `p50 ${percentile(delays, 0.5)} ms, p99 ${percentile(delays, 0.99)} ms, max ${Math.round(Math.max(0, ...delays))} ms ` +
          `(target p99 ≤ 1,000 ms; the row read every 5 ms).`,
      );
    }
  }
  if (parts.includes('programmes')) await programmes();
} finally {
  await studioClient.close();
  await server.stop();
  await database.close();
}
