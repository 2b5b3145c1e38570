import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';
import { lapseBonuses } from './lapse.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';

describe.each(testDatabaseKinds)('the bonus engine on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  function as(player: TestPlayer) {
    const api = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie: player.cookie, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    const deposit = async (amount: number, bonusCode?: string) => {
      const started = await api('POST', '/payments/deposits', {
        currency: player.currency,
        amount_cents: amount,
        method: 'card',
        ...(bonusCode ? { bonus_code: bonusCode } : {}),
      });
      if (started.statusCode !== 201) return started;
      await app.inject({
        method: 'POST',
        url: started.json().redirect_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
          name: 'Eleni P',
          action: 'pay',
        }).toString(),
      });
      return started;
    };
    const bonuses = async () => (await api('GET', '/player/bonuses/')).json() as Record<string, unknown>[];
    const balances = () => app.wallet.ledger.balances(player.id, player.currency);
    const play = (gameCode: string) => studioCalls(app, player, { secret, gameCode });
    return { api, deposit, bonuses, balances, play };
  }

  /** Every cent accounted for: balances match their entries, nothing negative, every transaction balanced. */
  const expectLedgerSound = async () =>
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      ledgerTotal: 0,
      negativeAccounts: 0,
      unbalancedTransactions: 0,
    });

  /** A campaign only this test uses: a fixed bonus behind a coupon, with the wagering asked for. */
  async function couponCampaign(id: string, terms: Record<string, unknown>) {
    await app.database.db.insert(schema.bonusCampaigns).values({
      id,
      kind: 'no_deposit',
      code: id.toUpperCase(),
      title: { en: `Test ${id}`, el: `Δοκιμή ${id}` },
      terms: {
        amount: { EUR: 1_000 },
        wagering: { multiplier: 1, on: 'bonus', days: 7 },
        maxBet: { EUR: 500 },
        contributions: { categories: { slots: 100, roulette: 10 }, other: 10 },
        ...terms,
      },
    });
    return id.toUpperCase();
  }

  it('gives a first deposit with the welcome code its 100 % bonus at once, with wagering and free spins', async () => {
    const player = await newPlayer(app);
    const { api, deposit, bonuses, balances } = as(player);
    const offers = (await api('GET', '/player/deposit_offers?currency=EUR')).json();
    expect(offers.map((offer: { code: string }) => offer.code)).toEqual(['WELCOME']);
    expect(offers[0]).toMatchObject({
      percent: 100,
      max_cents: 50_000,
      min_deposit_cents: 2_000,
      max_bet_cents: 500,
    });

    await deposit(10_000, 'WELCOME');
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const [bonus] = await bonuses();
    expect(bonus).toMatchObject({
      campaign: 'welcome-package',
      amount_cents: 10_000,
      balance_cents: 10_000,
      wagering_required_cents: 350_000,
      wagering_done_cents: 0,
      max_bet_cents: 500,
      currency: 'EUR',
    });
    expect(await balances()).toMatchObject({ real: 10_000, bonus: 10_000 });
    // The first of five daily batches of 20 spins at €0.20 on Golden Drachma is there; the rest come later.
    const spins = (await api('GET', '/player/freespins/')).json();
    expect(spins).toHaveLength(1);
    expect(spins[0]).toMatchObject({
      count: 20,
      played: 0,
      value_cents: 20,
      stage: 'issued',
      game: { title: 'Golden Drachma' },
    });
    // The welcome offer is for the first deposit only; the reload wants an earlier deposit and a weekend.
    const after = (await api('GET', '/player/deposit_offers?currency=EUR')).json() as { code: string }[];
    expect(after.map((offer) => offer.code)).not.toContain('WELCOME');
    await expectLedgerSound();
  });

  it('pushes the balance with the bonus money as the bonus is credited, to its player only (issue 31 item 21)', async () => {
    const withBonus = await newPlayer(app);
    const without = await newPlayer(app);
    const pushedBalances = async (player: TestPlayer) =>
      (
        await app.database.db
          .select({ data: schema.realtimePublications.data })
          .from(schema.realtimePublications)
          .where(eq(schema.realtimePublications.channel, app.realtime.channelOf('balance', player.id)))
      ).map((row) => row.data as { currency: string; amount_cents: number; bonus_cents: number }[]);
    await as(withBonus).deposit(10_000, 'WELCOME');
    await as(without).deposit(10_000);
    // The open tab learns of the bonus money from a push, not from its next poll.
    await waitUntil(async () =>
      expect(
        (await pushedBalances(withBonus)).some((accounts) =>
          accounts.some((account) => account.currency === 'EUR' && account.bonus_cents === 10_000),
        ),
      ).toBe(true),
    );
    await waitUntil(async () => expect(await pushedBalances(without)).not.toHaveLength(0), {});
    expect((await pushedBalances(without)).flat().every((account) => account.bonus_cents === 0)).toBe(true);
  });

  it('refuses a deposit whose code cannot give a bonus, before any money is asked for', async () => {
    const player = await newPlayer(app);
    const { deposit } = as(player);
    const small = await deposit(1_000, 'WELCOME');
    expect(small.statusCode).toBe(422);
    expect(small.json().codes).toEqual({ bonus_code: ['bonuses.deposit_below_minimum'] });
    const unknown = await deposit(5_000, 'NOSUCHCODE');
    expect(unknown.json().codes).toEqual({ bonus_code: ['bonuses.deposit_code_ineligible'] });
    const reload = await deposit(5_000, 'RELOAD');
    expect(reload.json().codes).toEqual({ bonus_code: ['bonuses.deposit_code_ineligible'] });
  });

  it('counts wagering by game weight, refuses a stake above the maximum bet, and converts once bets settle', async () => {
    const player = await newPlayer(app, { funded: 5_000 });
    const { api, bonuses, balances, play } = as(player);
    const code = await couponCampaign('wager-once', {
      amount: { EUR: 1_000 },
      wagering: { multiplier: 1, on: 'bonus', days: 7 },
    });
    expect((await api('POST', `/bonuses/coupon?coupon_code=${code.toLowerCase()}`)).statusCode).toBe(200);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    expect(await balances()).toMatchObject({ real: 5_000, bonus: 1_000 });

    const slot = await play('thunder-of-zeus');
    const roulette = await play('european-roulette');
    // €6 is above the bonus's €5 maximum: refused at bet time, nothing moves.
    expect(await slot.bet('too-big', 600)).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 6_000,
    });
    expect(await slot.bet('s1', 500)).toMatchObject({ status: 'RS_OK' });
    expect(await roulette.bet('r1', 500)).toMatchObject({ status: 'RS_OK' });
    await waitUntil(async () => expect((await bonuses())[0]?.wagering_done_cents).toBe(550));
    // A rolled-back bet no longer counts.
    await roulette.rollback('r1-back', 'r1');
    await waitUntil(async () => expect((await bonuses())[0]?.wagering_done_cents).toBe(500));
    // Wagering met (1,000 of 1,000) with the round still open: the bonus waits for it.
    expect(await slot.bet('s2', 500)).toMatchObject({ status: 'RS_OK' });
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('handle_bets'));
    await slot.win('w1', 's1', 0);
    expect((await bonuses())[0]?.stage).toBe('handle_bets');
    await slot.win('w2', 's2', 800);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('wagered'));
    // Real money was spent first (1,000 of the 5,000 on the slot, 500 on roulette given back); the win
    // came back as real money, and the untouched bonus money became real money.
    expect(await balances()).toMatchObject({ real: 5_000 - 1_000 + 800 + 1_000, bonus: 0 });
    await expectLedgerSound();
  });

  it("pushes each bonus's progress as its player's list shows it, in the player's language", async () => {
    const code = await couponCampaign('progress-push', {
      wagering: { multiplier: 10, on: 'bonus', days: 7 },
    });
    const players = [await newPlayer(app, { funded: 5_000 }), await newPlayer(app, { funded: 5_000 })];
    const greek = players[1] as TestPlayer;
    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, greek.id));
    for (const player of players) {
      const { api, bonuses } = as(player);
      expect((await api('POST', `/bonuses/coupon?coupon_code=${code}`)).statusCode).toBe(200);
      await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    }
    // Both play at once, so their bets come to the bonus engine in the same batches.
    await Promise.all(
      players.map(async (player, index) => {
        const slot = await as(player).play('thunder-of-zeus');
        for (let round = 1; round <= 3; round++)
          expect(await slot.bet(`push-${index}-${round}`, 100 * (index + 1))).toMatchObject({
            status: 'RS_OK',
          });
      }),
    );
    const lastPush = async (player: TestPlayer) => {
      const [row] = await app.database.db
        .select({ data: schema.realtimePublications.data })
        .from(schema.realtimePublications)
        .where(eq(schema.realtimePublications.channel, app.realtime.channelOf('bonuses_changes', player.id)))
        .orderBy(desc(schema.realtimePublications.offset))
        .limit(1);
      return row?.data;
    };
    for (const [index, player] of players.entries()) {
      await waitUntil(async () => {
        const [listed] = await as(player).bonuses();
        expect(listed?.wagering_done_cents).toBe(300 * (index + 1));
        expect(await lastPush(player)).toEqual({
          ...listed,
          title: player === greek ? 'Δοκιμή progress-push' : 'Test progress-push',
        });
      });
    }
  });

  it('takes a bonus waiting for its rounds back to wagering when a rollback undoes a bet it counted', async () => {
    const player = await newPlayer(app, { funded: 5_000 });
    const { api, bonuses, play } = as(player);
    const code = await couponCampaign('undone', { wagering: { multiplier: 1, on: 'bonus', days: 7 } });
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const slot = await play('thunder-of-zeus');
    await slot.bet('u1', 500);
    await slot.bet('u2', 500);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('handle_bets'));
    await slot.rollback('u2-back', 'u2');
    await waitUntil(async () =>
      expect((await bonuses())[0]).toMatchObject({ stage: 'activated', wagering_done_cents: 500 }),
    );
    // The other round settling does not convert a bonus whose wagering is no longer met.
    await slot.win('u1-win', 'u1', 0);
    await slot.bet('u3', 100);
    await waitUntil(async () => expect((await bonuses())[0]?.wagering_done_cents).toBe(600));
    expect((await bonuses())[0]?.stage).toBe('activated');
    await expectLedgerSound();
  });

  it('cancels a running bonus: its money and its winnings go, real money stays', async () => {
    const player = await newPlayer(app, { funded: 200 });
    const { api, bonuses, balances, play } = as(player);
    const code = await couponCampaign('cancel-me', {
      amount: { EUR: 1_000 },
      wagering: { multiplier: 35, on: 'bonus', days: 7 },
    });
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const slot = await play('thunder-of-zeus');
    // 200 real and 300 bonus staked; the win of 1,000 splits the same way: 400 real, 600 bonus.
    await slot.bet('c1', 500);
    await slot.win('c1-win', 'c1', 1_000);
    await waitUntil(async () => expect(await balances()).toMatchObject({ real: 400, bonus: 1_300 }));
    const [bonus] = await bonuses();
    const canceled = await api('DELETE', `/player/bonuses/${bonus?.id}`);
    expect(canceled.json()).toMatchObject({ stage: 'canceled', balance_cents: 0 });
    expect(await balances()).toMatchObject({ real: 400, bonus: 0 });
    expect((await api('DELETE', `/player/bonuses/${bonus?.id}`)).json().codes).toEqual({
      base: ['bonuses.not_cancellable'],
    });
    await expectLedgerSound();
  });

  it('ends a bonus as lost when its money is spent, and sweeps a late win of a round it staked', async () => {
    const player = await newPlayer(app);
    const { api, bonuses, balances, play } = as(player);
    const code = await couponCampaign('lose-it', {
      amount: { EUR: 1_000 },
      wagering: { multiplier: 35, on: 'bonus', days: 7 },
    });
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const slot = await play('thunder-of-zeus');
    for (const round of ['l1', 'l2']) {
      await slot.bet(round, 500);
      await slot.win(`${round}-win`, round, 0);
    }
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('lost'));
    expect(await balances()).toMatchObject({ real: 0, bonus: 0 });
  });

  it('expires a bonus not wagered in time, and free spins not played in time, but not one waiting for its rounds', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    const { api, bonuses, balances, play } = as(player);
    const code = await couponCampaign('too-slow', { wagering: { multiplier: 35, on: 'bonus', days: 7 } });
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await api('POST', '/bonuses/coupon?coupon_code=DRACHMA10');
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    await (await play('thunder-of-zeus')).bet('slow-1', 100);
    // The bet counted first: the lapse job passes over a bonus the play handler holds (skip locked)
    // and takes it at its next run, which this test does not wait for.
    await waitUntil(async () => expect((await bonuses())[0]?.wagering_done_cents).toBe(100));
    // Six days on nothing lapses; eight days on the bonus and the spins have.
    const deps = { wallet: app.wallet, events: app.events };
    const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
    await lapseBonuses(app.database.db, deps, days(6));
    expect((await bonuses())[0]?.stage).toBe('activated');
    await lapseBonuses(app.database.db, deps, days(8));
    expect((await bonuses())[0]).toMatchObject({ stage: 'expired', balance_cents: 0 });
    expect((await api('GET', '/player/freespins/')).json()[0]).toMatchObject({ stage: 'expired' });
    // The real money the player staked and holds is theirs; the bonus money went back to the pool.
    expect(await balances()).toMatchObject({ real: 900, bonus: 0 });

    const patient = await newPlayer(app, { funded: 1_000 });
    const waiting = as(patient);
    const quick = await couponCampaign('quick-wager', { wagering: { multiplier: 1, on: 'bonus', days: 7 } });
    await waiting.api('POST', `/bonuses/coupon?coupon_code=${quick}`);
    await waitUntil(async () => expect((await waiting.bonuses())[0]?.stage).toBe('activated'));
    const slot = await waiting.play('thunder-of-zeus');
    await slot.bet('open-1', 500);
    await slot.bet('open-2', 500);
    await waitUntil(async () => expect((await waiting.bonuses())[0]?.stage).toBe('handle_bets'));
    await lapseBonuses(app.database.db, deps, days(8));
    expect((await waiting.bonuses())[0]?.stage).toBe('handle_bets');
    await expectLedgerSound();
  });

  it('sweeps the bonus money a rollback gives back after its bonus ended', async () => {
    const player = await newPlayer(app);
    const { api, bonuses, balances, play } = as(player);
    const code = await couponCampaign('roll-back-late', {
      amount: { EUR: 1_000 },
      wagering: { multiplier: 35, on: 'bonus', days: 7 },
    });
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const slot = await play('thunder-of-zeus');
    // No real money: the stake is all bonus money, and the round is still open when the bonus ends.
    expect(await slot.bet('late-1', 500)).toMatchObject({ status: 'RS_OK' });
    const [bonus] = await bonuses();
    await api('DELETE', `/player/bonuses/${bonus?.id}`);
    expect(await balances()).toMatchObject({ real: 0, bonus: 0 });
    // The studio rolls the round back: the stake returns to the bonus balance of a bonus that is gone,
    // and goes back to the pool, as a late win's bonus money does.
    expect(await slot.rollback('late-1-back', 'late-1')).toMatchObject({ status: 'RS_OK' });
    await waitUntil(async () => expect(await balances()).toMatchObject({ real: 0, bonus: 0 }), {});
    await expectLedgerSound();
  });

  it('refuses a withdrawal while a bonus runs until the player confirms forfeiting it', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const { api, bonuses, balances } = as(player);
    const code = await couponCampaign('forfeit-me', {});
    await api('POST', `/bonuses/coupon?coupon_code=${code}`);
    await waitUntil(async () => expect((await bonuses())[0]?.stage).toBe('activated'));
    const withdrawal = { currency: 'EUR', amount_cents: 3_000, method: 'card' };
    const refused = await api('POST', '/payments/withdrawals', withdrawal);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().codes).toEqual({ forfeit_bonus: ['cashier.bonus_active'] });
    expect(await balances()).toMatchObject({ real: 10_000, bonus: 1_000 });
    const confirmed = await api('POST', '/payments/withdrawals', { ...withdrawal, forfeit_bonus: true });
    expect(confirmed.statusCode).toBe(201);
    expect((await bonuses())[0]?.stage).toBe('forfeited');
    expect(await balances()).toMatchObject({ real: 7_000, bonus: 0, held: 3_000 });
  });

  it('redeems a coupon once, and names what is wrong with a bad one', async () => {
    const player = await newPlayer(app);
    const { api } = as(player);
    const redeemed = await api('POST', '/bonuses/coupon?coupon_code=drachma10');
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().freespins).toMatchObject([{ count: 10, value_cents: 20, stage: 'issued' }]);
    const codes = async (code: string) =>
      (await api('POST', `/bonuses/coupon?coupon_code=${code}`)).json().codes;
    expect(await codes('DRACHMA10')).toEqual({ coupon_code: ['bonuses.coupon_used_up'] });
    expect(await codes('NOPE')).toEqual({ coupon_code: ['bonuses.coupon_unknown'] });
    // A deposit offer's code belongs in the cashier.
    expect(await codes('WELCOME')).toEqual({ coupon_code: ['bonuses.coupon_unknown'] });
    await app.database.db
      .update(schema.bonusCampaigns)
      .set({ active: false })
      .where(eq(schema.bonusCampaigns.id, 'wager-once'));
    expect(await codes('WAGER-ONCE')).toEqual({ coupon_code: ['bonuses.coupon_expired'] });
    await couponCampaign('greeks-only', { eligibility: { countries: ['CY'] } });
    expect(await codes('GREEKS-ONLY')).toEqual({ coupon_code: ['bonuses.coupon_ineligible'] });
  });

  it('opens a lootbox once with a provably fair draw and pays its prize', async () => {
    const player = await newPlayer(app);
    const { api, bonuses } = as(player);
    const granted = (await api('POST', '/bonuses/coupon?coupon_code=OLYMPUS')).json();
    const [box] = granted.lootboxes;
    expect(box).toMatchObject({ stage: 'issued', server_seed: null, prize: null });
    const opened = await api('POST', `/player/lootboxes/${box.id}/activation`, {
      client_seed: 'my-lucky-seed',
    });
    expect(opened.statusCode).toBe(200);
    const result = opened.json();
    expect(result).toMatchObject({ stage: 'opened', client_seed: 'my-lucky-seed' });
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(result.server_seed).digest('hex')).toBe(box.server_seed_hash);
    expect(['bonus', 'freespins']).toContain(result.prize.kind);
    if (result.prize.kind === 'bonus') {
      await waitUntil(async () =>
        expect((await bonuses())[0]).toMatchObject({ amount_cents: result.prize.amount_cents }),
      );
    }
    expect((await api('POST', `/player/lootboxes/${box.id}/activation`, {})).json().codes).toEqual({
      base: ['bonuses.lootbox_opened'],
    });
  });

  it('shows a player only their own bonuses', async () => {
    const owner = await newPlayer(app);
    const other = await newPlayer(app);
    const code = await couponCampaign('mine-only', {});
    await as(owner).api('POST', `/bonuses/coupon?coupon_code=${code}`);
    const [bonus] = await as(owner).bonuses();
    expect(await as(other).bonuses()).toEqual([]);
    expect((await as(other).api('DELETE', `/player/bonuses/${bonus?.id}`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/player/bonuses/' })).statusCode).toBe(401);
  });
});
