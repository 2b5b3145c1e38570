import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';
import { micro } from './levels.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-for-the-comp-bank-test-1234';
const operatorToken = 'an-operator-token-for-the-comp-bank-test-12';
const players = 12;
const rounds = 6;

/**
 * The bank test of comp exchanges: players play (bets, wins, rollbacks) while they exchange points at
 * once, many times over, each exchange sent two or three times under one key, some for more points than
 * they have. Afterwards every ledger invariant holds; each key paid at most once and exactly what its
 * answer said; the loyalty pool paid out what players received; no player's points went below zero,
 * and each player's points are what play and grants gave less what exchanges took. Meanwhile the app's
 * database sessions are ended at random, as a failover does: a call caught by it fails and is sent
 * again under its key, as a client and the studio do, and nothing is paid or accrued twice.
 */
describeOnPostgres('comp exchange bank test on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    app = await buildTestApp(
      'postgres',
      {
        CONTENT_DIR: fixtures,
        STUDIO_SECRET: secret,
        OPERATOR_API_TOKEN: operatorToken,
        DATABASE_POOL_SIZE: '20',
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  /** Ends one of the app's own database sessions (its pool's, not the queue's or a LISTEN) every few ms. */
  const killSessions = async (stop: { done: boolean; killed: number }) => {
    const admin = new pg.Client({ connectionString: (app.database.driver as { url: string }).url });
    await admin.connect();
    try {
      while (!stop.done) {
        const { rows } = await admin.query(`
          select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and application_name = ''
            and backend_type = 'client backend' and query not ilike 'listen%'
          order by random() limit 1`);
        if (rows[0]?.ended) stop.killed++;
        await sleep(25);
      }
    } finally {
      await admin.end();
    }
  };

  /** A studio call sent again while the wallet answers that it could not book it. */
  const retried = async (call: () => Promise<{ status: string }>) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await call();
      if (answer.status !== 'RS_ERROR_UNKNOWN' || attempt === 20) return answer;
    }
  };

  const exchange = (player: TestPlayer, points: number, key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/player/comp_points/exchange',
      headers: { cookie: player.cookie },
      payload: { points, idempotency_key: key },
    });

  it('keeps the ledger and every player’s points sound under concurrent exchanges, retries and play', async () => {
    const everyone = await Promise.all(
      Array.from({ length: players }, () => newPlayer(app, { funded: 100_000 })),
    );
    await Promise.all(
      everyone.map((player, i) =>
        app.inject({
          method: 'POST',
          url: `/api/operator/players/${player.id}/comp_points`,
          headers: { authorization: `Bearer ${operatorToken}` },
          payload: { points: 1_000 + i * 500, reason: 'bank', key: `bank-${player.id}` },
        }),
      ),
    );

    const answers: { player: string; key: string; status: number; amount: number; points: number }[] = [];
    const requests = new Map<string, { player: TestPlayer; points: number }>();
    const slots = await Promise.all(
      everyone.map((player) => studioCalls(app, player, { secret, gameCode: 'thunder-of-zeus' })),
    );
    const stop = { done: false, killed: 0 };
    const killing = killSessions(stop);
    // The play starts once a session has been ended, so one is whatever the timing (issue 32).
    await waitUntil(() => expect(stop.killed).toBeGreaterThan(0), { interval: 25 });
    await Promise.all(
      everyone.map(async (player, p) => {
        const slot = slots[p] as (typeof slots)[number];
        for (let round = 0; round < rounds; round++) {
          const key = `bank-${p}-${round}-exchange`;
          // Some exchanges ask for more than anyone here has; each is sent again at once under its key.
          const points = round === 3 ? 1_000_000 : 100 + ((p * 37 + round * 53) % 300);
          const bet = `bank-${player.id}-${round}`;
          requests.set(key, { player, points });
          const tries = await Promise.all([
            exchange(player, points, key),
            retried(() => slot.bet(bet, 500 + round * 100)),
            exchange(player, points, key),
            retried(() =>
              round % 2 === 0 ? slot.win(`${bet}-win`, bet, 700) : slot.rollback(`${bet}-undo`, bet),
            ),
            ...(round % 3 === 0 ? [exchange(player, points, key)] : []),
          ]);
          for (const answer of tries) {
            if (!('statusCode' in answer)) continue;
            const body = answer.json();
            answers.push({
              player: player.id,
              key,
              status: answer.statusCode,
              amount: body.amount_cents ?? 0,
              points: body.points_exchanged ?? 0,
            });
          }
        }
      }),
    );

    stop.done = true;
    await killing;

    // A call caught by an ended session is a 500 that names nothing; sent again under its key, it is
    // answered as a payment or a named refusal.
    const final = (status: number) => [200, 409, 422].includes(status);
    expect(answers.filter((answer) => !final(answer.status) && answer.status !== 500)).toEqual([]);
    for (const [key, { player, points }] of requests) {
      for (let attempt = 0; !answers.some((a) => a.key === key && final(a.status)); attempt++) {
        expect(attempt).toBeLessThan(5);
        const answer = await exchange(player, points, key);
        const body = answer.json();
        answers.push({
          player: player.id,
          key,
          status: answer.statusCode,
          amount: body.amount_cents ?? 0,
          points: body.points_exchanged ?? 0,
        });
      }
    }
    // The answers under one key agree (a retry is answered as the first), and a key paid once.
    const byKey = new Map<string, Set<string>>();
    for (const answer of answers.filter((a) => a.status === 200)) {
      const seen = byKey.get(answer.key) ?? new Set();
      seen.add(`${answer.amount}:${answer.points}`);
      byKey.set(answer.key, seen);
    }
    expect([...byKey.values()].filter((seen) => seen.size > 1)).toEqual([]);
    const booked = await rows<{ key: string; amount: string; count: string }>(sql`
      select idempotency_key as key, sum(amount) as amount, count(*) as count from ledger_transactions
      where kind = 'comp_exchange' group by idempotency_key`);
    expect(booked.filter((row) => Number(row.count) !== 1)).toEqual([]);
    expect(booked).toHaveLength(byKey.size);
    // Both paths were taken, as the points asked make certain whatever the interleaving: exchanges paid
    // (each player's first three ask less than the points granted), and refused (round 3 asks 1,000,000).
    expect(byKey.size).toBeGreaterThan(players);
    expect(answers.filter((answer) => answer.status === 409).length).toBeGreaterThan(0);

    // Play's points land within a second or so; then the books are closed.
    await waitUntil(async () => {
      const [lag] = await rows<{ behind: string }>(sql`
          select (select max(id) from ledger_transactions) - position as behind
          from event_handler_positions where handler = 'loyalty.comp-points'`);
      expect(Number(lag?.behind ?? 1)).toBeLessThanOrEqual(0);
    });

    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      ledgerTotal: 0,
      negativeAccounts: 0,
      unbalancedTransactions: 0,
    });
    const [pool] = await rows<{ paid: string }>(sql`
      select coalesce(-sum(e.amount), 0) as paid from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.kind = 'loyalty_pool'`);
    const paidToPlayers = booked.reduce((sum, row) => sum + Number(row.amount), 0);
    expect(Number(pool?.paid)).toBe(paidToPlayers);

    // Each player's points: what play and the grant gave less what was exchanged, never below zero. Play's
    // points are not stored bet by bet; they are read off the ledger here: a cent of real money staked on
    // a slot in euros is 1,000 millionths, and a rollback gives its real cents back.
    const points = await rows<{
      player_id: string;
      balance: string;
      entries: string;
      awarded: string;
      exchanged: string;
      played: string;
      collected: string;
    }>(sql`
      select b.player_id, b.micro_points as balance,
        (select coalesce(sum(e.micro_points), 0) from comp_point_entries e where e.player_id = b.player_id) as entries,
        (select coalesce(sum(e.micro_points), 0) from comp_point_entries e
          where e.player_id = b.player_id and e.kind = 'award') as awarded,
        (select -coalesce(sum(e.micro_points), 0) from comp_point_entries e
          where e.player_id = b.player_id and e.kind = 'exchange') as exchanged,
        (select -1000 * coalesce(sum(le.amount), 0) from ledger_transactions t
          join ledger_entries le on le.transaction_id = t.id
          join ledger_accounts a on a.id = le.account_id and a.kind = 'real'
          where t.player_id = b.player_id and t.kind in ('bet', 'rollback')) as played,
        (select coalesce(sum(d.micro_points), 0) from comp_point_days d where d.player_id = b.player_id) as collected
      from comp_point_balances b
      where b.player_id = any(${`{${everyone.map((player) => player.id).join(',')}}`}::uuid[])`);
    expect(points).toHaveLength(players);
    for (const row of points) {
      expect(Number(row.played)).toBeGreaterThan(0);
      expect(Number(row.balance)).toBe(Number(row.entries) + Number(row.played));
      expect(Number(row.collected)).toBe(Number(row.awarded) + Number(row.played));
      expect(Number(row.balance)).toBeGreaterThanOrEqual(0);
      const exchangedPoints = answers
        .filter((answer) => answer.player === row.player_id && answer.status === 200)
        .reduce((sum, answer) => sum.set(answer.key, answer.points), new Map<string, number>());
      expect(Number(row.exchanged)).toBe([...exchangedPoints.values()].reduce((a, b) => a + b, 0) * micro);
    }
  });
});
