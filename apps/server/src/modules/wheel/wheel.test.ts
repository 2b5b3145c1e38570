import { createHash } from 'node:crypto';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { auditLedger } from '../wallet/public.ts';
import { athensDay, nextAthensMidnight } from './day.ts';
import { drawSector } from './draw.ts';
import { sectorPrizes } from './prizes.ts';

const secret = 'a-studio-secret-that-is-long-enough-1234';

describe('the wheel day', () => {
  it('is the Athens calendar day, and the next one starts at midnight there', () => {
    // 23:30 UTC on 24 November is 01:30 on the 25th in Athens (UTC+2 in winter).
    expect(athensDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(athensDay(new Date('2026-11-24T21:59:59Z'))).toBe('2026-11-24');
    expect(nextAthensMidnight(new Date('2026-11-24T10:00:00Z')).toISOString()).toBe(
      '2026-11-24T22:00:00.000Z',
    );
    // Summer time: UTC+3.
    expect(nextAthensMidnight(new Date('2026-07-01T10:00:00Z')).toISOString()).toBe(
      '2026-07-01T21:00:00.000Z',
    );
  });
});

describe.each(testDatabaseKinds)('the fortune wheel on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  function as(player: TestPlayer) {
    const api = async (
      method: 'GET' | 'POST',
      url: string,
      payload?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) =>
      app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie: player.cookie, 'accept-language': 'en', ...headers },
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
    const state = async () => (await api('GET', '/player/wheel')).json();
    const spin = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      api('POST', '/player/wheel/spin', body, headers);
    /** Waits until the deposit's event has given the day's spin. */
    const spinReady = () => waitUntil(async () => expect((await state()).can_spin).toBe(true));
    /**
     * A client seed that lands today's spin on `sector`: the test reads the committed server seed from
     * the database (no player can), then tries seeds until the draw gives that sector.
     */
    const seedLanding = async (sector: number) => {
      const [row] = await app.database.db
        .select()
        .from(schema.wheelSpins)
        .where(
          and(
            eq(schema.wheelSpins.playerId, player.id),
            eq(schema.wheelSpins.day, athensDay(app.clock.now())),
          ),
        );
      if (!row) throw new Error('no spin today');
      for (let n = 0; ; n++) {
        if (drawSector(row.serverSeed, `seed-${n}`, row.nonce, 12) === sector) return `seed-${n}`;
      }
    };
    const bonuses = async () => (await api('GET', '/player/bonuses/')).json() as Record<string, unknown>[];
    const freespins = async () =>
      (await api('GET', '/player/freespins/')).json() as Record<string, unknown>[];
    const balances = () => app.wallet.ledger.balances(player.id, player.currency);
    return { api, deposit, state, spin, spinReady, seedLanding, bonuses, freespins, balances };
  }

  const expectLedgerSound = async () =>
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      ledgerTotal: 0,
      negativeAccounts: 0,
      unbalancedTransactions: 0,
    });

  it('gives no spin without a deposit made with WHEEL20 of at least €20 that day', async () => {
    const player = await newPlayer(app);
    const { deposit, state, spin } = as(player);
    expect(await state()).toMatchObject({
      can_spin: false,
      reason: 'deposit_required',
      seed_hash: null,
      promo_code: 'WHEEL20',
      min_deposit_cents: 2_000,
      currency: 'EUR',
      last_spin: null,
    });
    const refused = await spin();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().codes).toEqual({ base: ['wheel.deposit_required'] });

    // Below the minimum, the code is refused before any money is asked for.
    const small = await deposit(1_999, 'WHEEL20');
    expect(small.statusCode).toBe(422);
    expect(small.json().codes).toEqual({ bonus_code: ['wheel.deposit_below_minimum'] });
    expect(small.json().errors.bonus_code[0]).toContain('2000 EUR');

    // €50 without the code: credited, no spin.
    expect((await deposit(5_000)).statusCode).toBe(201);
    await waitUntil(async () => expect((await as(player).balances()).real).toBe(5_000));
    await handlersCaughtUp(app.database.db);
    expect((await state()).can_spin).toBe(false);
  });

  it('earns the day’s spin with a WHEEL20 deposit; the spin is provably fair and pays its prize once', async () => {
    const player = await newPlayer(app);
    const { deposit, state, spin, spinReady, seedLanding, bonuses, balances } = as(player);
    expect((await deposit(2_000, 'wheel20 ')).statusCode).toBe(201);
    await spinReady();
    const before = await state();
    // The player's wheel_changes channel told an open page the spin is earned, with the hash.
    const channel = app.realtime.channelOf('wheel_changes', player.id);
    const published = () =>
      app.database.db
        .select({ data: schema.realtimePublications.data })
        .from(schema.realtimePublications)
        .where(eq(schema.realtimePublications.channel, channel))
        .orderBy(schema.realtimePublications.offset);
    await waitUntil(async () => expect(await published()).toHaveLength(1));
    expect((await published())[0]?.data).toEqual({
      can_spin: true,
      seed_hash: before.seed_hash,
      day: athensDay(app.clock.now()),
    });
    expect(before).toMatchObject({ can_spin: true, reason: null, nonce: 1, next_spin_at: null });
    expect(before.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    // Nothing in the state tells a spin's seed or the secret sector's prize before it is landed on. The
    // prize is looked for as a JSON value: the 64-digit seed hash holds the digits 5000 about once in a
    // thousand draws.
    expect(JSON.stringify(before)).not.toMatch(/server_seed"|secret|[:,[]5000[,}\]]/);

    // The €10 bonus sector (4), landed on with a seed chosen for it.
    const clientSeed = await seedLanding(4);
    const spun = await spin({ client_seed: clientSeed });
    expect(spun.statusCode).toBe(200);
    const result = spun.json();
    expect(result).toMatchObject({
      sector: 4,
      sector_count: 12,
      client_seed: clientSeed,
      nonce: 1,
      server_seed_hash: before.seed_hash,
      prize: { kind: 'bonus', amount_cents: 1_000, currency: 'EUR', secret: false },
    });
    // Verification as /provably-fair does it: the revealed seed hashes to the commitment shown before,
    // and the draw from the seeds and nonce gives the sector.
    expect(createHash('sha256').update(result.server_seed).digest('hex')).toBe(before.seed_hash);
    expect(drawSector(result.server_seed, result.client_seed, result.nonce, result.sector_count)).toBe(4);

    // The €10 is a bonus under wagering, running at once: on the bonus balance, beside the €20 real.
    const [bonus] = await bonuses();
    expect(bonus).toMatchObject({
      campaign: 'wheel-bonus-10',
      kind: 'no_deposit',
      stage: 'activated',
      amount_cents: 1_000,
      wagering_required_cents: 35_000,
      max_bet_cents: 500,
    });
    expect(await balances()).toMatchObject({ real: 2_000, bonus: 1_000 });

    // …and, once spun, that it is used.
    await waitUntil(async () => expect(await published()).toHaveLength(2));
    expect((await published())[1]?.data).toMatchObject({ can_spin: false, seed_hash: null });

    // A second spin the same day is refused; another WHEEL20 deposit that day gives no second spin.
    const again = await spin();
    expect(again.statusCode).toBe(409);
    expect(again.json().codes).toEqual({ base: ['wheel.already_spun'] });
    expect((await deposit(3_000, 'WHEEL20')).statusCode).toBe(201);
    await waitUntil(async () => expect((await balances()).real).toBe(5_000));
    await handlersCaughtUp(app.database.db);
    const after = await state();
    expect(after).toMatchObject({ can_spin: false, reason: 'spun_today', seed_hash: null });
    expect(after.next_spin_at).toBe(nextAthensMidnight(app.clock.now()).toISOString());
    expect(after.last_spin).toMatchObject({ id: result.id, server_seed: result.server_seed });
    expect(await bonuses()).toHaveLength(1);
    await expectLedgerSound();
  });

  it('pays free spins, comp points, nothing and the secret prize by the sector landed on', async () => {
    // Each sector on a new player: one spin a day each.
    const expectations: [number, Record<string, unknown>][] = [
      [0, { kind: 'freespins', spins: 10, secret: false }],
      [2, { kind: 'comp_points', points: 50, secret: false }],
      [5, { kind: 'nothing', secret: false }],
      [11, { kind: 'bonus', amount_cents: 5_000, currency: 'EUR', secret: true }],
    ];
    for (const [sector, prize] of expectations) {
      const player = await newPlayer(app);
      const { deposit, spin, spinReady, seedLanding, bonuses, freespins } = as(player);
      await deposit(2_500, 'WHEEL20');
      await spinReady();
      const result = (await spin({ client_seed: await seedLanding(sector) })).json();
      expect(result.prize).toEqual(prize);
      if (sector === 0) {
        const [spins] = await freespins();
        expect(spins).toMatchObject({ count: 10, played: 0, stage: 'issued' });
      }
      if (sector === 2) {
        const points = await app.database.db
          .select()
          .from(schema.compPointEntries)
          .where(eq(schema.compPointEntries.playerId, player.id));
        expect(points).toHaveLength(1);
        expect(points[0]).toMatchObject({ kind: 'award', microPoints: 50_000_000, reason: 'wheel' });
      }
      if (sector === 5) {
        expect(await bonuses()).toEqual([]);
        expect(await freespins()).toEqual([]);
      }
      if (sector === 11) {
        const [bonus] = await bonuses();
        expect(bonus).toMatchObject({ campaign: 'wheel-secret', amount_cents: 5_000, stage: 'activated' });
      }
    }
    expect(sectorPrizes).toHaveLength(12);
    await expectLedgerSound();
  });

  it('answers a repeated request with the same Idempotency-Key with the same spin, paid once', async () => {
    const player = await newPlayer(app);
    const { deposit, spin, spinReady, seedLanding, bonuses } = as(player);
    await deposit(2_000, 'WHEEL20');
    await spinReady();
    const seed = await seedLanding(1);
    const headers = { 'idempotency-key': 'spin-2026-11-24-a' };
    const first = await spin({ client_seed: seed }, headers);
    const second = await spin({ client_seed: seed }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await bonuses()).toHaveLength(1);
    const bad = await spin({}, { 'idempotency-key': 'x'.repeat(101) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().codes).toEqual({ 'Idempotency-Key': ['wheel.idempotency_key_invalid'] });
  });

  it('gives the spin once however often the deposit’s event is delivered, and a new one the next Athens day', async () => {
    const player = await newPlayer(app);
    const { deposit, state, spin, spinReady } = as(player);
    await deposit(2_000, 'WHEEL20');
    await spinReady();
    // The event delivered again (a handler replayed after a crash): still one spin for the payment.
    const [payment] = await app.database.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.playerId, player.id));
    if (!payment) throw new Error('no payment');
    await app.database.db.transaction((tx) =>
      app.events.publish(tx, 'cashier.deposit_succeeded', {
        paymentId: payment.id,
        playerId: player.id,
        currency: 'EUR',
        amount: 2_000,
        method: 'card',
        bonusCode: 'WHEEL20',
      }),
    );
    await handlersCaughtUp(app.database.db);
    const rows = () =>
      app.database.db.select().from(schema.wheelSpins).where(eq(schema.wheelSpins.playerId, player.id));
    expect(await rows()).toHaveLength(1);
    expect((await spin()).statusCode).toBe(200);

    // Tomorrow in Athens: the spin must be earned again, and then it is the player's second (nonce 2).
    app.clock.moveTo(nextAthensMidnight(app.clock.now()));
    expect(await state()).toMatchObject({ can_spin: false, reason: 'deposit_required' });
    await deposit(2_000, 'WHEEL20');
    await spinReady();
    expect((await state()).nonce).toBe(2);
    expect((await spin()).statusCode).toBe(200);
    expect(await rows()).toHaveLength(2);
    // Back to the real time: the bonus engine lists what was granted by then.
    app.clock.moveTo(new Date());
  });

  it.runIf(kind === 'postgres')('makes one spin of two sent at once', async () => {
    const player = await newPlayer(app);
    const { deposit, spin, spinReady, bonuses, freespins } = as(player);
    await deposit(2_000, 'WHEEL20');
    await spinReady();
    const answers = await Promise.all([spin(), spin(), spin()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const paid = (await bonuses()).length + (await freespins()).length;
    const [{ prize } = { prize: null }] = answers.filter((a) => a.statusCode === 200).map((a) => a.json());
    expect(paid).toBe(['bonus', 'freespins'].includes(prize.kind) ? 1 : 0);
    await expectLedgerSound();
  });

  it('refuses a visitor', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/player/wheel' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/player/wheel/spin', payload: {} })).statusCode,
    ).toBe(401);
  });
});
