import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import {
  type BankPlayer,
  bookingProblems,
  credited,
  currency,
  depositThroughCashier,
  type LoadRecord,
  newRecord,
  protocolCall,
  realBalance,
  runLoad,
  scriptedRounds,
  settleCashier,
  settleOpenBets,
  signUpPlayers,
  studio,
  studioSecret,
  unknownAnswers,
} from '../../testing/wallet/bank-harness.ts';
import { auditLedger, betsPaidAndRefunded } from '../wallet/public.ts';
import { lapseBonuses } from './lapse.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/** The stake above which a bet is refused while one of this test's bonuses runs. */
const maxBet = 400;
/** Every game counts its whole stake towards wagering (the bank's game is in no listed category). */
const contributions = { categories: { slots: 100 }, games: {}, other: 100 };
const depositCode = 'BANKMATCH';
const couponCodes = ['BANK-1', 'BANK-2', 'BANK-3', 'BANK-4', 'BANK-5', 'BANK-6'];

/**
 * The bank test with bonuses: many concurrent clients deposit (half of the deposits with a bonus code),
 * redeem coupons, activate, cancel and let bonuses expire, bet (some above the bonus's maximum bet),
 * win, roll back and withdraw with and without forfeiting the running bonus. Afterwards the ledger
 * still proves every cent, and the bonus rules hold: no bonus converted before its wagering was met,
 * no bonus rule moved real money except to pay it, bonus money is what bonuses granted less what left,
 * only a running bonus holds bonus money, and no stake above a running bonus's maximum was booked.
 */
describeOnPostgres('bonus bank test on PostgreSQL', () => {
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
    const terms = (multiplier: number) => ({
      wagering: { multiplier, on: 'bonus', days: 7 },
      maxBet: { EUR: maxBet },
      contributions,
      limits: { perPlayer: 1_000, per: 'ever' },
    });
    await app.database.db.insert(schema.bonusCampaigns).values([
      {
        id: 'bank-match',
        kind: 'deposit',
        code: depositCode,
        title: { en: 'Bank test match', el: 'Αντιστοίχιση δοκιμής τράπεζας' },
        terms: { ...terms(2), match: { percent: 50, max: { EUR: 5_000 }, minDeposit: { EUR: 1_000 } } },
      },
      ...couponCodes.map((code, i) => ({
        id: code.toLowerCase(),
        kind: 'no_deposit' as const,
        code,
        title: { en: `Bank test coupon ${i + 1}`, el: `Κουπόνι δοκιμής τράπεζας ${i + 1}` },
        // Small bonuses with light wagering convert within the run; the heavier ones run on or end otherwise.
        terms: {
          ...terms([1, 1, 1, 2, 5, 35][i] ?? 1),
          amount: { EUR: [500, 1_000, 1_500, 800, 2_000, 3_000][i] },
        },
      })),
    ]);
  });
  afterAll(() => app.closeAll());

  const headers = (player: BankPlayer) => ({
    cookie: player.cookie,
    'user-agent': 'Mozilla/5.0 (bonus bank test)',
    'accept-language': 'en',
  });
  const api = (player: BankPlayer, method: string, path: string) =>
    fetch(`${baseUrl}/api${path}`, { method, headers: headers(player), signal: AbortSignal.timeout(10_000) });
  const bonusesOf = async (player: BankPlayer) =>
    (await (await api(player, 'GET', '/player/bonuses/')).json()) as { id: string; stage: string }[];
  const pickOf = <T>(items: T[], random: () => number) => items[Math.floor(random() * items.length)];

  /** A whole round as a slot plays it: the stake (up to 600, above the bonus maximum at times), then its win or rollback. */
  async function round(player: BankPlayer, random: () => number, record: LoadRecord) {
    const bet = randomUUID();
    const common = {
      user: player.id,
      token: player.token,
      game_code: 'bank-game',
      currency,
      round: bet,
    };
    const betBody = JSON.stringify({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: bet,
      amount: 1 + Math.floor(random() * 600),
    });
    const staked = await protocolCall(baseUrl, 'transaction/bet', betBody, record);
    if (staked.status === 'RS_ERROR_LIMIT_REACHED') record.limitRefusedBets.add(bet);
    else if (staked.status === 'RS_ERROR_NOT_ENOUGH_MONEY') record.refusedBets.add(bet);
    if (staked.status !== 'RS_OK') return;
    record.acknowledged.set(bet, { kind: 'bet', player: player.id, body: betBody, response: staked });
    const kind = random() < 0.15 ? 'rollback' : 'win';
    const id = randomUUID();
    const body = JSON.stringify({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: id,
      reference_transaction_uuid: bet,
      ...(kind === 'win'
        ? { amount: random() < 0.6 ? 0 : Math.floor(random() * 1_200), round_closed: true }
        : {}),
    });
    const answer = await protocolCall(baseUrl, `transaction/${kind}`, body, record);
    if (answer.status === 'RS_OK')
      record.acknowledged.set(id, { kind, player: player.id, body, response: answer });
  }

  /**
   * A studio's free bet, with its win, for a player who holds no free spins (issue 31 item 4): nothing
   * pays for it, so it must be refused, and no win can then put bonus money of no bonus on the balance.
   * Answers the bet's status.
   */
  async function freeBetWithoutGrant(player: BankPlayer, record: LoadRecord) {
    const bet = randomUUID();
    const common = { user: player.id, token: player.token, game_code: 'bank-game', currency, round: bet };
    const body = JSON.stringify({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: bet,
      amount: 20,
      is_free: true,
    });
    const staked = await protocolCall(baseUrl, 'transaction/bet', body, record);
    if (staked.status !== 'RS_OK') return staked.status;
    record.replayMismatches.push(`free bet ${bet} without a grant was accepted`);
    await protocolCall(
      baseUrl,
      'transaction/win',
      JSON.stringify({
        ...common,
        request_uuid: randomUUID(),
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        amount: 500,
        round_closed: true,
      }),
      record,
    );
    return staked.status;
  }

  /** A round at a set stake, lost (a win of 0 closes it): answers the bet's status. */
  async function lostRound(player: BankPlayer, stake: number, record: LoadRecord) {
    const bet = randomUUID();
    const common = { user: player.id, token: player.token, game_code: 'bank-game', currency, round: bet };
    const betBody = JSON.stringify({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: bet,
      amount: stake,
    });
    const staked = await protocolCall(baseUrl, 'transaction/bet', betBody, record);
    if (staked.status === 'RS_ERROR_LIMIT_REACHED') record.limitRefusedBets.add(bet);
    if (staked.status !== 'RS_OK') return staked.status;
    record.acknowledged.set(bet, { kind: 'bet', player: player.id, body: betBody, response: staked });
    const win = randomUUID();
    const winBody = JSON.stringify({
      ...common,
      request_uuid: randomUUID(),
      transaction_uuid: win,
      reference_transaction_uuid: bet,
      amount: 0,
      round_closed: true,
    });
    const settled = await protocolCall(baseUrl, 'transaction/win', winBody, record);
    if (settled.status === 'RS_OK')
      record.acknowledged.set(win, { kind: 'win', player: player.id, body: winBody, response: settled });
    return staked.status;
  }

  /** The player's one bonus, as the database holds it. */
  const onlyBonus = async (player: BankPlayer) => {
    const bonuses = await rows<{ id: string; kind: string; stage: string; amount: number }>(
      sql`select id, kind, stage, amount::int as amount from player_bonuses where player_id = ${player.id}`,
    );
    expect(bonuses).toHaveLength(1);
    return bonuses[0] as { id: string; kind: string; stage: string; amount: number };
  };
  const stageReached = (player: BankPlayer, stage: string) =>
    waitUntil(async () => expect((await onlyBonus(player)).stage).toBe(stage), { interval: 100 });
  const redeem = async (player: BankPlayer, code: string) => {
    expect((await api(player, 'POST', `/bonuses/coupon?coupon_code=${code}`)).status).toBe(200);
    // With no other bonus running, a coupon's bonus starts at once.
    expect((await onlyBonus(player)).stage).toBe('activated');
  };
  const withdraw = (player: BankPlayer, forfeit: boolean) =>
    fetch(`${baseUrl}/api/payments/withdrawals`, {
      method: 'POST',
      headers: { ...headers(player), 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', amount_cents: 2_000, method: 'card', forfeit_bonus: forfeit }),
    });

  /**
   * Every end of a bonus, each reached by a player of its own while the load runs (issue 32), so
   * none depends on the load's interleaving: wagered to its end (after a stake above its maximum bet
   * was refused), canceled, expired, forfeited by a confirmed withdrawal (after one without the
   * confirmation was refused), a deposit's match granted and started, a free bet with no grant refused,
   * and the protocol's paths for a player without a bonus. Answers what went other than the rules say.
   */
  async function scriptedBonuses(
    scripted: BankPlayer[],
    record: LoadRecord,
    deps: Parameters<typeof lapseBonuses>[1],
  ) {
    const [wagerer, canceler, expirer, forfeiter, depositor, player] = scripted as [
      BankPlayer,
      BankPlayer,
      BankPlayer,
      BankPlayer,
      BankPlayer,
      BankPlayer,
    ];
    const problems: string[] = [];
    await Promise.all([
      (async () => {
        // BANK-1: €5 at 1× wagering. Two lost rounds of €2.50 (real money, spent first) wager it.
        await depositThroughCashier(baseUrl, wagerer, { amount: 5_000 }, record);
        await credited(baseUrl, wagerer, 5_000);
        await redeem(wagerer, 'BANK-1');
        expect(await lostRound(wagerer, maxBet + 1, record)).toBe('RS_ERROR_LIMIT_REACHED');
        expect(await lostRound(wagerer, 250, record)).toBe('RS_OK');
        expect(await lostRound(wagerer, 250, record)).toBe('RS_OK');
        await stageReached(wagerer, 'wagered');
        // The €5 it converted made up for the €5 of real money its rounds lost.
        expect(await realBalance(baseUrl, wagerer)).toBe(5_000);
      })(),
      (async () => {
        await redeem(canceler, 'BANK-2');
        expect(
          (await api(canceler, 'DELETE', `/player/bonuses/${(await onlyBonus(canceler)).id}`)).status,
        ).toBe(200);
        await stageReached(canceler, 'canceled');
      })(),
      (async () => {
        // The player's time runs out: the bonus's expiry is moved to the past and the clock job runs.
        await redeem(expirer, 'BANK-3');
        await app.database.db.execute(sql`
          update player_bonuses set expires_at = now() - interval '1 second' where player_id = ${expirer.id}`);
        await lapseBonuses(app.database.db, deps, app.clock.now());
        await stageReached(expirer, 'expired');
      })(),
      (async () => {
        await depositThroughCashier(baseUrl, forfeiter, { amount: 5_000 }, record);
        await credited(baseUrl, forfeiter, 5_000);
        await redeem(forfeiter, 'BANK-4');
        const refused = await withdraw(forfeiter, false);
        expect(refused.status).toBe(409);
        expect(((await refused.json()) as { codes: Record<string, string[]> }).codes.forfeit_bonus).toContain(
          'cashier.bonus_active',
        );
        const withdrawn = await withdraw(forfeiter, true);
        expect(withdrawn.status).toBe(201);
        record.withdrawals.push(((await withdrawn.json()) as { id: string }).id);
        await stageReached(forfeiter, 'forfeited');
      })(),
      (async () => {
        // A €40 deposit with the code earns its 50% match, started at once.
        await depositThroughCashier(baseUrl, depositor, { amount: 4_000, bonusCode: depositCode }, record);
        await stageReached(depositor, 'activated');
        expect(await onlyBonus(depositor)).toMatchObject({ kind: 'deposit', amount: 2_000 });
        expect(await freeBetWithoutGrant(depositor, record)).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
      })(),
      (async () => {
        await depositThroughCashier(baseUrl, player, { amount: 1_000 }, record);
        await credited(baseUrl, player, 1_000);
        problems.push(...(await scriptedRounds(baseUrl, player, record)));
      })(),
    ]);
    return problems;
  }

  it('keeps the ledger and every bonus rule under concurrent bonus play', async () => {
    // 25 players under the random load, and six outside it whose scripts reach every end of a bonus.
    const everyone = await signUpPlayers(baseUrl, app.database.db, 31);
    const [players, scripted] = [everyone.slice(0, 25), everyone.slice(25)];
    const record = newRecord();
    const deps = { wallet: app.wallet, events: app.events };
    let scriptProblems: string[] = [];
    const scripts = scriptedBonuses(scripted, record, deps).then((problems) => {
      scriptProblems = problems;
    });
    const load = runLoad({
      baseUrl,
      players,
      operations: 1_500,
      concurrency: 16,
      seed: 20261124,
      record,
      bonus: {
        depositCode: (random) => (random() < 0.5 ? depositCode : undefined),
        forfeitBonus: (random) => random() < 0.3,
        operations: [
          { share: 0.2, run: (player, random) => round(player, random, record) },
          {
            share: 0.01,
            run: async (player) => {
              await freeBetWithoutGrant(player, record);
            },
          },
          {
            share: 0.05,
            run: async (player, random) => {
              const code = pickOf(couponCodes, random) as string;
              await api(player, 'POST', `/bonuses/coupon?coupon_code=${code}`);
            },
          },
          {
            share: 0.06,
            run: async (player, random) => {
              const issued = (await bonusesOf(player)).filter((bonus) => bonus.stage === 'issued');
              const bonus = pickOf(issued, random);
              if (!bonus) return;
              await api(player, 'POST', `/player/bonuses/${bonus.id}/activation`);
            },
          },
          {
            share: 0.015,
            run: async (player) => {
              const running = (await bonusesOf(player)).find((bonus) =>
                ['activated', 'handle_bets'].includes(bonus.stage),
              );
              if (!running) return;
              await api(player, 'DELETE', `/player/bonuses/${running.id}`);
            },
          },
          {
            // The player's time runs out: their bonuses' expiry is moved to the past and the clock job runs.
            // One row per statement: a statement that locked several of a player's bonuses in its own order
            // could deadlock with the bonus handler's batch locking them in another.
            share: 0.01,
            run: async (player) => {
              const expiring = await rows<{ id: string }>(sql`
                select id from player_bonuses
                where player_id = ${player.id} and stage in ('issued', 'activated', 'handle_bets')`);
              for (const { id } of expiring)
                await app.database.db.execute(sql`
                  update player_bonuses set expires_at = now() - interval '1 second'
                  where id = ${id} and stage in ('issued', 'activated', 'handle_bets')`);
              await lapseBonuses(app.database.db, deps, app.clock.now());
            },
          },
        ],
      },
    });
    await Promise.all([load, scripts]);
    // Studios close the rounds still open, so bonuses waiting on them in handle_bets can end.
    await settleOpenBets(baseUrl, everyone, record);
    await settleCashier(app.database.db);
    await handlersCaughtUp(app.database.db);
    // A well-formed protocol call is never answered RS_ERROR_UNKNOWN (issue 31 item 22).
    expect(unknownAnswers(record, serverErrors)).toEqual([]);

    expect(scriptProblems).toEqual([]);

    // The ledger: every cent accounted for, every acknowledged call booked once, no round paid and refunded.
    expect(record.replayMismatches).toEqual([]);
    expect(await bookingProblems(app.database.db, record)).toEqual([]);
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
    expect(await betsPaidAndRefunded(app.database.db)).toEqual([]);

    // No bonus converted unless its wagering was met: a wagered bonus's progress stops with its conversion.
    const earlyConversions = await rows(sql`
      select t.reference, b.stage, b.wagering_done, b.wagering_required
      from ledger_transactions t left join player_bonuses b on b.id::text = t.reference
      where t.kind = 'bonus_conversion'
        and (b.id is null or b.stage <> 'wagered' or b.wagering_done < b.wagering_required)`);
    expect(earlyConversions).toEqual([]);

    // No bonus rule took real money: grants and forfeits touch only bonus money and the pool, and
    // conversions and prizes only ever credit the player's real balance.
    const realTaken = await rows(sql`
      select t.kind, t.idempotency_key, a.kind as account, e.amount
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where t.kind in ('bonus_grant', 'bonus_conversion', 'bonus_forfeit', 'prize_payout')
        and a.player_id is not null and a.kind <> 'bonus'
        and not (t.kind in ('bonus_conversion', 'prize_payout') and a.kind = 'real' and e.amount > 0)`);
    expect(realTaken).toEqual([]);

    // Bonus money is what bonuses granted, less what converted, what was forfeited and what play lost.
    const flows = await rows<Record<string, string>>(sql`
      select a.currency,
        coalesce(sum(e.amount) filter (where t.kind = 'bonus_grant'), 0) as granted,
        coalesce(-sum(e.amount) filter (where t.kind = 'bonus_conversion'), 0) as converted,
        coalesce(-sum(e.amount) filter (where t.kind = 'bonus_forfeit'), 0) as forfeited,
        coalesce(-sum(e.amount) filter (where t.kind in ('bet', 'win', 'rollback')), 0) as lost_in_play,
        coalesce(sum(e.amount) filter (where t.kind not in ('bonus_grant', 'bonus_conversion', 'bonus_forfeit', 'bet', 'win', 'rollback')), 0) as other,
        (select coalesce(sum(balance), 0) from ledger_accounts h where h.kind = 'bonus' and h.currency = a.currency) as held,
        (select coalesce(sum(amount), 0) from player_bonuses b
          where b.currency = a.currency and b.activation_transaction is not null and b.kind <> 'freespin_winnings') as activated
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id
      where a.kind = 'bonus'
      group by a.currency`);
    expect(flows.map((row) => row.currency)).toEqual([currency]);
    for (const row of flows) {
      const money = (name: string) => Number(row[name]);
      const [granted, converted, forfeited, lost] = [
        money('granted'),
        money('converted'),
        money('forfeited'),
        money('lost_in_play'),
      ];
      const [other, held, activated] = [money('other'), money('held'), money('activated')];
      expect(granted, 'granted = the activated bonuses’ amounts').toBe(activated);
      expect(converted).toBeGreaterThan(0);
      expect(other, 'no other booking moves bonus money').toBe(0);
      expect(granted - converted - forfeited - lost, 'granted − converted − forfeited − lost = held').toBe(
        held,
      );
    }

    // Only a running bonus (or free spins being played) holds bonus money.
    const strayBonusMoney = await rows(sql`
      select a.player_id, a.currency, a.balance from ledger_accounts a
      where a.kind = 'bonus' and a.balance <> 0
        and not exists (select 1 from player_bonuses b where b.player_id = a.player_id
          and b.currency = a.currency and b.stage in ('activated', 'handle_bets'))
        and not exists (select 1 from player_freespins f where f.player_id = a.player_id
          and f.currency = a.currency and f.stage = 'activated')`);
    expect(strayBonusMoney).toEqual([]);
    // No free bet was booked: no player of this run holds free spins, so none was paid for.
    const freeBets = await rows(
      sql`select idempotency_key from ledger_transactions where kind = 'bet' and amount = 0`,
    );
    expect(freeBets).toEqual([]);

    // A running bonus's wagering counts each bet since its activation once, at the game's weight, and
    // takes a rolled-back one back.
    const miscounted = await rows(sql`
      select b.id, b.wagering_done, coalesce(sum(bet.amount), 0) as counted
      from player_bonuses b
      left join ledger_transactions bet on bet.player_id = b.player_id and bet.currency = b.currency
        and bet.kind = 'bet' and bet.amount > 0 and bet.id > b.activation_transaction
        and not exists (select 1 from ledger_transactions r where r.kind = 'rollback' and r.reference = bet.idempotency_key)
      where b.stage in ('activated', 'handle_bets')
      group by b.id, b.wagering_done
      having b.wagering_done <> coalesce(sum(bet.amount), 0)`);
    expect(miscounted).toEqual([]);

    // No stake above a bonus's maximum bet was booked while it ran: from its activation's booking to the
    // booking that took its money away (a bet and either booking lock the player's accounts), or now.
    const bounded = await rows<{ bonus: string; bet: string | null }>(sql`
      select b.id as bonus, bet.idempotency_key as bet
      from player_bonuses b
      left join lateral (
        select min(t.id) as id from ledger_transactions t
        where t.reference = b.id::text and t.kind in ('bonus_conversion', 'bonus_forfeit')
      ) ended on true
      left join ledger_transactions bet on bet.player_id = b.player_id and bet.currency = b.currency
        and bet.kind = 'bet' and bet.amount > b.max_bet and bet.id > b.activation_transaction
        and (ended.id is null or bet.id < ended.id)
      where b.activation_transaction is not null
        and (b.stage in ('activated', 'handle_bets') or ended.id is not null)`);
    const scriptedBonusIds = await rows<{ id: string }>(sql`
      select id from player_bonuses where player_id in ${scripted.map((player) => player.id)}`);
    for (const { id } of scriptedBonusIds) expect(bounded.map((row) => row.bonus)).toContain(id);
    expect(bounded.filter((row) => row.bet !== null)).toEqual([]);
  }, 600_000);
});
