import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';
import { auditJackpots } from './audit.ts';
import { dropPoint, seedHash } from './draw.ts';

/** The event handlers follow the ledger within about a second; a busy machine may need more. */
const waitFor = <T>(check: () => Promise<T>) => waitUntil(check, { interval: 50 });
const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';
const operatorToken = 'an-operator-token-that-is-long-enough-42';

describe.each(testDatabaseKinds)('the progressive jackpot on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      {
        CONTENT_DIR: fixtures,
        STUDIO_SECRET: secret,
        OPERATOR_API_TOKEN: operatorToken,
        JACKPOT_CURRENCIES: 'EUR',
        JACKPOT_TEST_DROP: 'on',
        REALTIME_BIG_WIN_CENTS: '100000',
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const get = async (url: string, language = 'en') =>
    (await app.inject({ method: 'GET', url: `/api${url}`, headers: { 'accept-language': language } })).json();
  const amounts = async () => {
    const body = (await get('/jackpots?currency=EUR')) as { tiers: { id: string; amount_cents: number }[] };
    return Object.fromEntries(body.tiers.map((tier) => [tier.id, tier.amount_cents]));
  };
  const play = (player: TestPlayer, game: string) => studioCalls(app, player, { secret, gameCode: game });
  const forceDrop = (tier: string, currency = 'EUR') =>
    app.inject({
      method: 'POST',
      url: `/api/operator/jackpots/${currency}/${tier}/drop`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
  const expectSound = async () => {
    // The tiers' cycles follow their contributions from the ledger (follow-contributions.ts): read once
    // every handler has caught up, as the jackpot's own figures are.
    await handlersCaughtUp(app.database.db);
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      ledgerTotal: 0,
      negativeAccounts: 0,
      unbalancedTransactions: 0,
    });
    const audit = await auditJackpots(app.database.db);
    expect(audit).toMatchObject({ driftingTiers: [], unpaidWins: 0, overContributingBets: 0 });
    expect(audit.seedsBooked).toBe(audit.seedsOfCycles);
  };

  it('opens the three tiers at their seeds, each cycle committed by a hash', async () => {
    const body = await get('/jackpots?currency=EUR');
    expect(body.tiers.map((t: { id: string; seed_cents: number }) => [t.id, t.seed_cents])).toEqual([
      ['mini', 5_000],
      ['major', 250_000],
      ['grand', 5_000_000],
    ]);
    for (const tier of body.tiers) expect(tier.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    // A currency without a jackpot shows none; a bad code is refused.
    expect((await get('/jackpots?currency=USD')).tiers).toEqual([]);
    const bad = await app.inject({ method: 'GET', url: '/api/jackpots?currency=euro' });
    expect(bad.statusCode).toBe(422);
  });

  it('takes 1 % of the real money of each slot stake, 50 / 30 / 20, carrying fractions of a cent', async () => {
    const before = await amounts();
    const player = await newPlayer(app, { funded: 100_000 });
    const slot = await play(player, 'golden-drachma');
    // €1 gives the Mini half a cent: booked with the next €1. €10 gives 5 / 3 / 2 cents.
    expect(await slot.bet('c1', 100)).toMatchObject({ status: 'RS_OK' });
    expect(await slot.bet('c2', 100)).toMatchObject({ status: 'RS_OK' });
    expect(await slot.bet('c3', 1_000)).toMatchObject({ status: 'RS_OK' });
    // Roulette is not a slot: nothing.
    const roulette = await play(player, 'european-roulette');
    expect(await roulette.bet('r1', 5_000)).toMatchObject({ status: 'RS_OK' });
    // Staked 1,200 on slots: Mini 6, Major 3 (3.6), Grand 2 (2.4).
    await waitFor(async () =>
      expect(await amounts()).toEqual({
        mini: (before.mini as number) + 6,
        major: (before.major as number) + 3,
        grand: (before.grand as number) + 2,
      }),
    );
    // The stake's 1 % left the house within the bet's own transaction.
    const [bet] = await app.database.db
      .select({ id: schema.ledgerTransactions.id })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, `${'chrysos-studio'}:c3`));
    expect(bet).toBeDefined();
    await expectSound();
  });

  it('bonus money neither contributes nor qualifies; a rollback takes its contribution back', async () => {
    const before = await amounts();
    const player = await newPlayer(app);
    await app.wallet.grantBonus({
      key: `test-bonus:${player.id}`,
      playerId: player.id,
      currency: 'EUR',
      amount: 10_000,
      reference: 'test',
    });
    const slot = await play(player, 'golden-drachma');
    expect(await slot.bet('b1', 10_000)).toMatchObject({ status: 'RS_OK' });
    const funded = await newPlayer(app, { funded: 10_000 });
    const other = await play(funded, 'golden-drachma');
    expect(await other.bet('k1', 2_000)).toMatchObject({ status: 'RS_OK' });
    expect(await other.rollback('k1-back', 'k1')).toMatchObject({ status: 'RS_OK' });
    expect(await other.bet('k2', 1_000)).toMatchObject({ status: 'RS_OK' });
    // k1 gave 10 / 6 / 4 and took them back; k2 gave 5 / 3 / 2 on a summed stake of 3,000 (15 / 9 / 6).
    await waitFor(async () =>
      expect(await amounts()).toEqual({
        mini: (before.mini as number) + 5,
        major: (before.major as number) + 3,
        grand: (before.grand as number) + 2,
      }),
    );
    await expectSound();
  });

  it('a forced drop pays the next contributing bet once, as real money, and reseeds with a new commitment', async () => {
    const before = (await get('/jackpots?currency=EUR')).tiers[0];
    const forced = await forceDrop('mini');
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({ id: 'mini', cycle: before.cycle });
    const player = await newPlayer(app, { funded: 50_000, email: `nikos-${Date.now()}@example.gr` });
    await app.database.db
      .update(schema.players)
      .set({ firstName: 'Nikos' })
      .where(eq(schema.players.id, player.id));
    const slot = await play(player, 'golden-drachma');
    expect(await slot.bet('w1', 1_000)).toMatchObject({ status: 'RS_OK' });
    const won = before.amount_cents + 5;
    await waitFor(async () =>
      expect((await app.wallet.ledger.balances(player.id, 'EUR')).real).toBe(49_000 + won),
    );

    const now = (await get('/jackpots?currency=EUR')).tiers[0];
    expect(now).toMatchObject({ id: 'mini', amount_cents: 5_000, cycle: before.cycle + 1 });
    expect(now.seed_hash).not.toBe(before.seed_hash);

    const [cycle] = await get('/jackpots/cycles?currency=EUR');
    expect(cycle).toMatchObject({
      tier: 'mini',
      cycle: before.cycle,
      seed_hash: before.seed_hash,
      forced: true,
      won_cents: won,
      winner: 'Ni***s',
      game: { title: 'Golden Drachma', url_id: 'golden-drachma' },
    });
    expect(seedHash(cycle.server_seed)).toBe(before.seed_hash);
    const [bet] = await app.database.db
      .select({ id: schema.ledgerTransactions.id })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, 'chrysos-studio:w1'));
    expect(cycle.winning_transaction).toBe(bet?.id);

    // The next bet pays nothing more: the new cycle's drop point is far above its seed.
    expect(await slot.bet('w2', 1_000)).toMatchObject({ status: 'RS_OK' });
    await waitFor(async () => expect((await amounts()).mini).toBe(5_005));
    expect((await app.wallet.ledger.balances(player.id, 'EUR')).real).toBe(48_000 + won);

    // Listed among the winners, with the name masked, in both languages.
    const latest = await get('/stats/winners/latest');
    expect(latest[0]).toMatchObject({ name: 'Ni***s', amount_cents: won, currency: 'EUR', jackpot: 'mini' });
    const latestEl = await get('/stats/winners/latest', 'el');
    expect(latestEl[0].game.title).toBeTruthy();
    await expectSound();
  });

  it('a drawn drop point wins where the hash says: the bet that crosses it, nothing before', async () => {
    const player = await newPlayer(app, { funded: 4_000_000 });
    const slot = await play(player, 'golden-drachma');
    const open = (await get('/jackpots?currency=EUR')).tiers[0];
    // €10,000 bets give the Mini €50 each: the must-drop amount (€200) is reached within four.
    for (let bet = 1; bet <= 4; bet += 1) {
      expect(await slot.bet(`n${bet}`, 1_000_000)).toMatchObject({ status: 'RS_OK' });
    }
    const cycles = await waitFor(async () => {
      const won = (await get('/jackpots/cycles?currency=EUR')) as { cycle: number; tier: string }[];
      const cycle = won.find((c) => c.tier === 'mini' && c.cycle === open.cycle);
      expect(cycle).toBeDefined();
      return cycle as unknown as Record<string, number | string | boolean>;
    });
    const serverSeed = cycles.server_seed as string;
    expect(seedHash(serverSeed)).toBe(open.seed_hash);
    const drop = dropPoint(serverSeed, 5_000, 20_000);
    expect(cycles.drop_cents).toBe(drop);
    expect(cycles.forced).toBe(false);
    // The n-th bet took the amount from below the drop point to it or past it.
    const crossing = Math.ceil((drop - open.amount_cents) / 5_000);
    const [bet] = await app.database.db
      .select({ id: schema.ledgerTransactions.id })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, `chrysos-studio:n${crossing}`));
    expect(cycles.winning_transaction).toBe(bet?.id);
    expect(cycles.won_cents).toBe(open.amount_cents + crossing * 5_000);
    await expectSound();
  });

  it.skipIf(kind !== 'postgres')(
    'a bet whose database session is killed mid-booking loses nothing: sent again, it and its contribution are booked once',
    async () => {
      const { db } = app.database;
      const before = await amounts();
      const player = await newPlayer(app, { funded: 10_000 });
      const slot = await play(player, 'golden-drachma');
      const [{ name } = { name: '' }] = (
        (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows;
      // Another session holds the player's accounts, so the bet's booking waits inside the statement.
      const holder = new pg.Client({
        connectionString: process.env.DATABASE_URL?.replace(/\/[^/]*$/, `/${name}`),
      });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from ledger_accounts where player_id = $1 for update', [player.id]);
      const answered = slot.bet('killed-1', 1_000);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const waiting = await waitFor(async () => {
          const { rows } = await admin.query(
            `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query ilike '%book%'`,
            [name],
          );
          expect(rows.length).toBeGreaterThan(0);
          return rows as { pid: number }[];
        });
        for (const { pid } of waiting) await admin.query('select pg_terminate_backend($1)', [pid]);
        await holder.query('rollback');
        await answered.catch(() => null);
        // The studio sends the bet again, as it does when an answer is missing or an error: booked now,
        // or answered as the replay of the booking the wallet's own retry made.
        expect(await slot.bet('killed-1', 1_000)).toMatchObject({ status: 'RS_OK' });
      } finally {
        await holder.end().catch(() => {});
        await admin.end();
      }
      const bets = await db
        .select({ id: schema.ledgerTransactions.id })
        .from(schema.ledgerTransactions)
        .where(eq(schema.ledgerTransactions.idempotencyKey, 'chrysos-studio:killed-1'));
      expect(bets).toHaveLength(1);
      await waitFor(async () =>
        expect(await amounts()).toEqual({
          mini: (before.mini as number) + 5,
          major: (before.major as number) + 3,
          grand: (before.grand as number) + 2,
        }),
      );
      const [stakes] = await db
        .select({ staked: schema.ledgerAccounts.jackpotStaked })
        .from(schema.ledgerAccounts)
        .where(and(eq(schema.ledgerAccounts.playerId, player.id), eq(schema.ledgerAccounts.kind, 'real')));
      expect(stakes?.staked).toBe(1_000);
      await expectSound();
    },
  );

  it('a drop whose handling fails after its payout is booked pays once when handled again', async () => {
    const { db } = app.database;
    // The first listing of a win fails, after the payout was booked in the same transaction: as a
    // crash there would. A sequence is not rolled back, so the second attempt goes through.
    await db.execute(sql`create sequence jackpot_test_crash`);
    await db.execute(sql`
      create function jackpot_test_crash() returns trigger language plpgsql as $$
      begin
        if nextval('jackpot_test_crash') = 1 then raise exception 'crash after the payout'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger jackpot_test_crash before insert on winners
      for each row execute function jackpot_test_crash()`);
    try {
      const open = (await get('/jackpots?currency=EUR')).tiers[0];
      expect((await forceDrop('mini')).statusCode).toBe(200);
      const player = await newPlayer(app, { funded: 10_000 });
      const slot = await play(player, 'golden-drachma');
      expect(await slot.bet('x1', 1_000)).toMatchObject({ status: 'RS_OK' });
      const won = open.amount_cents + 5;
      await waitFor(async () =>
        expect((await app.wallet.ledger.balances(player.id, 'EUR')).real).toBe(9_000 + won),
      );
      const payouts = await db
        .select({ id: schema.ledgerTransactions.id })
        .from(schema.ledgerTransactions)
        .where(eq(schema.ledgerTransactions.idempotencyKey, `jackpot:win:EUR:mini:${open.cycle}`));
      expect(payouts).toHaveLength(1);
      // The trigger did fail the first attempt: the listing was tried twice.
      const tried = (await db.execute(
        sql`select last_value::int as value from jackpot_test_crash`,
      )) as unknown as {
        rows: { value: number }[];
      };
      expect(Number(tried.rows[0]?.value)).toBe(2);
      expect((await get('/jackpots?currency=EUR')).tiers[0]).toMatchObject({ cycle: open.cycle + 1 });
      await expectSound();
    } finally {
      await db.execute(sql`drop trigger jackpot_test_crash on winners`);
      await db.execute(sql`drop function jackpot_test_crash()`);
      await db.execute(sql`drop sequence jackpot_test_crash`);
    }
  });

  it('the forced drop exists only in the test configuration and names a currency with a jackpot', async () => {
    expect((await forceDrop('mini', 'USD')).statusCode).toBe(422);
    expect((await forceDrop('jumbo')).statusCode).toBe(422);
    const anonymous = await app.inject({ method: 'POST', url: '/api/operator/jackpots/EUR/mini/drop' });
    expect(anonymous.statusCode).toBe(401);
  });
});
