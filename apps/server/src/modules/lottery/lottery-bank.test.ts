import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventBus } from '../../platform/events.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import {
  bookingProblems,
  depositThroughCashier,
  newRecord,
  runLoad,
  settleCashier,
  settleOpenBets,
  signUpPlayers,
  studio,
  studioSecret,
  unknownAnswers,
} from '../../testing/wallet/bank-harness.ts';
import { auditLedger } from '../wallet/public.ts';
import { drawWinners } from './draw-winners.ts';
import { publicDraw } from './read.ts';
import { runDueDraws } from './run-draw.ts';
import { nextWeek, weekOf } from './week.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * The bank test with the weekly lottery: concurrent clients bet, win, roll back, deposit and withdraw
 * while two "instances" run the draw job at the same moments, the clock of the draws moving a week at a
 * time, and the first draw crashes half-way through paying its winners. Afterwards every confirmed
 * deposit was counted once, every player holds the tickets their week's deposits earn, every week due
 * was drawn once with the winners its public data give, each prize was paid once (cash on the ledger
 * from the lottery pool, free spins by the bonus engine) and the ledger still proves every cent.
 */
describeOnPostgres('lottery bank test on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  /** What the server logged as errors: printed when a call answered RS_ERROR_UNKNOWN. */
  const serverErrors: string[] = [];
  let baseUrl = '';
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    app = await buildTestApp(
      'postgres',
      {
        CONTENT_DIR: fixtures,
        WALLET_STUDIOS: JSON.stringify({ [studio]: studioSecret }),
        WITHDRAWAL_AUTO_APPROVE_BELOW: '{"EUR":8000}',
        TRUST_PROXY: 'true',
        DATABASE_POOL_SIZE: '20',
      },
      { errors: serverErrors },
    );
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.closeAll());

  it('counts every deposit once and pays every draw once under concurrent load and a crash', async () => {
    // 25 players under the random load, and ten outside it who each buy a ticket of the first week by
    // script (a €20 deposit), so that week has ten owners, and ten winners, whatever the interleaving.
    const everyone = await signUpPlayers(baseUrl, app.database.db, 35);
    const [players, owners] = [everyone.slice(0, 25), everyone.slice(25)];
    const record = newRecord();
    const ownersCounted = (async () => {
      await Promise.all(
        owners.map((owner) => depositThroughCashier(baseUrl, owner, { amount: 2_000 }, record)),
      );
      await waitUntil(
        async () => {
          const [row] = await rows<{ counted: string }>(sql`
            select count(distinct player_id) as counted from lottery_deposits
            where player_id in ${owners.map((owner) => owner.id)}`);
          expect(Number(row?.counted)).toBe(owners.length);
        },
        { interval: 100 },
      );
    })();

    // The first draw dies after paying two places: its transaction is rolled back whole.
    let prizesPublished = 0;
    let crashed = false;
    const events: Pick<EventBus, 'publish'> = {
      publish: async (db, name, payload) => {
        if (name === 'lottery.prize_won' && !crashed && ++prizesPublished === 3) {
          crashed = true;
          throw new Error('the process died in the middle of a draw');
        }
        return app.events.publish(db, name, payload);
      },
    };
    const deps = { wallet: app.wallet, events };
    // The draws' clock: each run of the job looks one week further, up to three weeks on.
    let week = weekOf(new Date());
    let weeksAhead = 0;
    const failures: string[] = [];
    const drawn: string[] = [];
    const drawNow = async () => {
      // The first draw comes once the scripted owners' tickets are counted.
      await ownersCounted;
      // The deposits confirmed so far are given a moment to be counted before the draw (those counted
      // after it go to the next week: correct either way).
      await waitUntil(
        async () => {
          const [row] = await rows<{ owed: string }>(sql`
            select count(*) as owed from payments p where p.kind = 'deposit' and p.status = 'succeeded'
              and not exists (select 1 from lottery_deposits d where d.payment_id = p.id)`);
          expect(Number(row?.owed)).toBe(0);
        },
        { interval: 100 },
      ).catch(() => undefined);
      const now = new Date(week.drawAt.getTime() + 60_000);
      // The product's clock moves with the draws, so deposits confirmed after a draw count for the next week.
      if (now > app.clock.now()) app.clock.moveTo(now);
      if (weeksAhead < 2) {
        week = nextWeek(week);
        weeksAhead++;
      }
      // Two instances run the job at the same moment.
      const runs = await Promise.allSettled([
        runDueDraws(app.database.db, deps, now),
        runDueDraws(app.database.db, deps, now),
      ]);
      for (const run of runs) {
        if (run.status === 'fulfilled') drawn.push(...run.value);
        else failures.push(String(run.reason));
      }
    };

    let progress = 0;
    await runLoad({
      baseUrl,
      players,
      operations: 900,
      concurrency: 12,
      seed: 20261129,
      record,
      // The draw job runs early in the load and again later, while deposits go on.
      onProgress: async () => {
        progress++;
        if (progress === 100 || progress === 250) await drawNow();
      },
    });
    await settleOpenBets(baseUrl, everyone, record);
    await settleCashier(app.database.db);
    await handlersCaughtUp(app.database.db);
    // The job's last run, after every deposit is counted: all weeks up to the last one are due.
    await drawNow();
    drawn.push(
      ...(await runDueDraws(app.database.db, deps, new Date(nextWeek(week).drawAt.getTime() + 60_000))),
    );
    await handlersCaughtUp(app.database.db);

    // The first week's ten winners made the crash happen (at the third prize); two runs met at each draw,
    // and every week whose draw time the job's clock reached is drawn.
    expect(crashed).toBe(true);
    expect(failures).toEqual(['Error: the process died in the middle of a draw']);
    expect(new Set(drawn).size, 'each week drawn by one run only').toBe(drawn.length);
    // (A run that crashed may have drawn earlier weeks before it: the database says which are drawn.)
    const undrawn = await rows(sql`
      select id from lottery_draws where drawn_at is null and draw_at <= ${new Date(week.drawAt.getTime() + 60_000)}`);
    expect(undrawn).toEqual([]);

    // Every confirmed deposit counted once, and only those.
    const uncounted = await rows(sql`
      select p.id from payments p
      where p.kind = 'deposit' and p.status = 'succeeded'
        and not exists (select 1 from lottery_deposits d where d.payment_id = p.id)`);
    expect(uncounted).toEqual([]);
    const strays = await rows(sql`
      select d.payment_id from lottery_deposits d
      left join payments p on p.id = d.payment_id
      where p.id is null or p.status <> 'succeeded'`);
    expect(strays).toEqual([]);

    // Each player holds what their week's deposits earn: one ticket per €20, at most 50.
    const miscounted = await rows(sql`
      select d.player_id, d.draw_id, d.euro_cents, count(t.*) as tickets
      from (select player_id, draw_id, sum(euro_cents) as euro_cents from lottery_deposits group by 1, 2) d
      left join lottery_tickets t on t.player_id = d.player_id and t.draw_id = d.draw_id
      group by d.player_id, d.draw_id, d.euro_cents
      having count(t.*) <> least(50, floor(d.euro_cents / 2000))`);
    expect(miscounted).toEqual([]);
    const gaps = await rows(sql`
      select draw_id from lottery_tickets group by draw_id having max(number) <> count(*)`);
    expect(gaps).toEqual([]);

    // Every drawn week: its winners are the ones its public data give, ten or one per player.
    const weeks = await rows<{ id: string; owners: string }>(sql`
      select d.id, (select count(distinct player_id) from lottery_tickets t where t.draw_id = d.id) as owners
      from lottery_draws d where d.drawn_at is not null order by d.id`);
    const ownersWeeks = await rows<{ draw_id: string }>(sql`
      select distinct draw_id from lottery_tickets where player_id in ${owners.map((owner) => owner.id)}`);
    expect(ownersWeeks).toHaveLength(1);
    expect(Number(weeks.find((w) => w.id === ownersWeeks[0]?.draw_id)?.owners)).toBeGreaterThanOrEqual(10);
    for (const { id, owners } of weeks) {
      const draw = await publicDraw(app.database.db, id);
      if (!draw?.seed) throw new Error(`week ${id} drawn without its seed`);
      expect(draw.winners.length, id).toBe(Math.min(10, Number(owners)));
      expect(draw.winners.map(({ place, ticket, owner }) => ({ place, ticket, owner }))).toEqual(
        drawWinners(draw.seed, draw.ticket_list),
      );
    }

    // Each cash prize booked once, from the lottery pool to the winner's real money; each free-spin
    // prize granted once.
    const cash = await rows<{
      draw_id: string;
      place: number;
      amount: string;
      booked: string;
      real: string;
    }>(sql`
      select w.draw_id, w.place, w.amount,
        (select count(*) from ledger_transactions t where t.idempotency_key = 'lottery:' || w.draw_id || ':' || w.place and t.kind = 'lottery_prize') as booked,
        (select coalesce(sum(e.amount), 0) from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id and a.kind = 'real' and a.player_id = w.player_id
          where t.idempotency_key = 'lottery:' || w.draw_id || ':' || w.place) as real
      from lottery_winners w where w.kind = 'cash'`);
    expect(cash.length).toBeGreaterThanOrEqual(3);
    for (const prize of cash) {
      expect(Number(prize.booked), `${prize.draw_id} place ${prize.place}`).toBe(1);
      expect(Number(prize.real)).toBe(Number(prize.amount));
    }
    const [pool] = await rows<{ balance: string; paid: string }>(sql`
      select (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                where a.kind = 'lottery_pool') as balance,
             (select coalesce(sum(amount), 0) from lottery_winners where kind = 'cash') as paid`);
    expect(Number(pool?.balance)).toBe(-Number(pool?.paid));
    const spins = await rows(sql`
      select w.draw_id, w.place, count(f.*) as grants from lottery_winners w
      left join player_freespins f on f.player_id = w.player_id and f.source = 'lottery:' || w.draw_id || ':' || w.place
      where w.kind = 'freespins' group by w.draw_id, w.place having count(f.*) <> 1`);
    expect(spins).toEqual([]);

    // The ledger: every cent accounted for, every acknowledged call booked once.
    expect(unknownAnswers(record, serverErrors)).toEqual([]);
    expect(record.replayMismatches).toEqual([]);
    expect(await bookingProblems(app.database.db, record)).toEqual([]);
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  }, 600_000);
});
