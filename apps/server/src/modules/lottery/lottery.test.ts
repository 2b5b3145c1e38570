import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { LotteryDraw, PlayerLottery } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import { equivalents } from '../info/public.ts';
import { auditLedger } from '../wallet/public.ts';
import { drawWinners, seedHash } from './draw-winners.ts';
import { issueTickets } from './issue-tickets.ts';
import { runDueDraws } from './run-draw.ts';
import { weekOf } from './week.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describeOnPostgres('the weekly lottery on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      'postgres',
      { CONTENT_DIR: fixtures, STUDIO_SECRET: 'a-studio-secret-of-at-least-32-characters' },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const get = (url: string, player?: TestPlayer) =>
    app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { 'accept-language': 'en', ...(player ? { cookie: player.cookie } : {}) },
    });

  /** A deposit through the sandbox cashier, confirmed as a player would pay it. */
  async function deposit(player: TestPlayer, amount: number) {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie: player.cookie, 'accept-language': 'en' },
      payload: { currency: player.currency, amount_cents: amount, method: 'card' },
    });
    expect(started.statusCode).toBe(201);
    const paid = await app.inject({
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
    expect(paid.statusCode).toBeLessThan(400);
  }

  const mine = async (player: TestPlayer) => (await get('/player/lottery', player)).json() as PlayerLottery;
  const depositCount = async (player: TestPlayer) =>
    (
      await app.database.db
        .select()
        .from(schema.lotteryDeposits)
        .where(eq(schema.lotteryDeposits.playerId, player.id))
    ).length;

  /** Tickets straight from the handler's rule, as a deposit confirmed at `at` gives them. */
  const ticketsAt = (player: TestPlayer, amount: number, at: Date, currency = player.currency) =>
    app.database.db.transaction((tx) =>
      issueTickets(tx, app.events, { paymentId: randomUUID(), playerId: player.id, currency, amount }, at),
    );

  it('gives one ticket per €20 deposited in the week, adding deposits up, once per deposit', async () => {
    const player = await newPlayer(app);
    await deposit(player, 30_00);
    await waitUntil(async () => expect(await depositCount(player)).toBe(1));
    expect((await mine(player)).current).toMatchObject({
      tickets: [expect.any(Number)],
      deposited_euro_cents: 30_00,
      next_ticket_euro_cents: 10_00,
    });
    // €30 + €10 = €40: the second deposit brings the second ticket.
    await deposit(player, 10_00);
    await waitUntil(async () => expect((await mine(player)).current.tickets).toHaveLength(2), {});
    const { current } = await mine(player);
    expect(current.draw_id).toBe(weekOf(app.clock.now()).id);
    expect(current.next_ticket_euro_cents).toBe(20_00);

    // The same deposit's event handled again gives nothing more.
    const [counted] = await app.database.db
      .select()
      .from(schema.lotteryDeposits)
      .where(eq(schema.lotteryDeposits.playerId, player.id));
    if (!counted) throw new Error('no deposit counted');
    const again = await app.database.db.transaction((tx) =>
      issueTickets(
        tx,
        app.events,
        { paymentId: counted.paymentId, playerId: player.id, currency: 'EUR', amount: counted.amount },
        app.clock.now(),
      ),
    );
    expect(again).toBeNull();
    expect((await mine(player)).current.tickets).toHaveLength(2);
  });

  it('stops at 50 tickets a week and counts other currencies by their euro equivalent', async () => {
    const player = await newPlayer(app);
    const at = new Date('2031-03-05T10:00:00Z');
    expect((await ticketsAt(player, 990_00, at))?.numbers).toHaveLength(49);
    expect((await ticketsAt(player, 100_00, at))?.numbers).toHaveLength(1);
    expect(await ticketsAt(player, 100_00, at)).toBeNull();
    const tickets = await app.database.db
      .select()
      .from(schema.lotteryTickets)
      .where(
        and(eq(schema.lotteryTickets.playerId, player.id), eq(schema.lotteryTickets.drawId, weekOf(at).id)),
      );
    expect(tickets).toHaveLength(50);
    // The next week starts again from nothing.
    expect((await ticketsAt(player, 20_00, new Date('2031-03-10T10:00:00Z')))?.numbers).toHaveLength(1);

    // $22 is €20 by the promotions' equivalents; $21 is not.
    const dollars = await newPlayer(app, { currency: 'USD' });
    expect(await ticketsAt(dollars, 21_00, at)).toBeNull();
    expect((await ticketsAt(dollars, 1_00, at))?.numbers).toHaveLength(1);
  });

  it("counts a deposit by Athens time: Sunday 19:59 for that evening's draw, 20:00 for next week's", async () => {
    const player = await newPlayer(app);
    // Sunday 26 October 2031 is the day winter time returns: 19:59 Athens is 17:59 UTC.
    const before = await ticketsAt(player, 20_00, new Date('2031-10-26T17:59:00Z'));
    const after = await ticketsAt(player, 20_00, new Date('2031-10-26T18:00:00Z'));
    expect(before?.drawId).toBe('2031-10-20');
    expect(after?.drawId).toBe('2031-10-27');
    // Summer: Sunday 6 July 2031 at 19:59 Athens is 16:59 UTC.
    expect((await ticketsAt(player, 20_00, new Date('2031-07-06T16:59:00Z')))?.drawId).toBe('2031-06-30');
    expect((await ticketsAt(player, 20_00, new Date('2031-07-06T17:00:00Z')))?.drawId).toBe('2031-07-07');
  });

  it('a deposit at the product clock after the draw counts for the next week', async () => {
    const player = await newPlayer(app);
    const week = weekOf(app.clock.now());
    app.clock.moveTo(new Date(week.drawAt.getTime() + 60_000));
    await deposit(player, 20_00);
    await waitUntil(async () => expect((await mine(player)).current.tickets).toHaveLength(1), {});
    expect((await mine(player)).current.draw_id).not.toBe(week.id);
    expect((await mine(player)).current.draw_id).toBe(weekOf(app.clock.now()).id);
  });

  it('draws once under two concurrent runs, pays the winners, and anyone can recompute the result', async () => {
    const at = new Date('2032-02-03T12:00:00Z');
    const week = weekOf(at);
    const overviewBefore = await get('/lottery');
    expect(overviewBefore.statusCode).toBe(200);
    // Twelve players, some with several tickets; one in dollars.
    const players: TestPlayer[] = [];
    const issued: number[] = [];
    for (let i = 0; i < 12; i++) {
      const player = await newPlayer(app, i === 0 ? { currency: 'USD' } : {});
      players.push(player);
      issued.push(...((await ticketsAt(player, i === 0 ? 44_00 : (1 + (i % 3)) * 20_00, at))?.numbers ?? []));
    }
    const published = (await get(`/lottery/draws/${week.id}`)).json() as LotteryDraw;
    expect(published.seed).toBeNull();
    // The public list before the draw: every ticket issued, one pseudonym per player.
    expect(published.ticket_list.map((ticket) => ticket.number).sort((a, b) => a - b)).toEqual(
      issued.sort((a, b) => a - b),
    );
    expect(new Set(published.ticket_list.map((ticket) => ticket.owner)).size).toBe(12);

    const balancesBefore = new Map<string, number>();
    for (const player of players)
      balancesBefore.set(player.id, (await app.wallet.ledger.balances(player.id, player.currency)).real);

    const drawTime = new Date(week.drawAt.getTime() + 30_000);
    const deps = { wallet: app.wallet, events: app.events };
    const runs = await Promise.all([
      runDueDraws(app.database.db, deps, drawTime),
      runDueDraws(app.database.db, deps, drawTime),
    ]);
    expect(runs.flat().filter((id) => id === week.id)).toHaveLength(1);
    // A run after it (a retry, a restart) draws nothing again.
    expect(await runDueDraws(app.database.db, deps, new Date(drawTime.getTime() + 60_000))).not.toContain(
      week.id,
    );

    const draw = (await get(`/lottery/draws/${week.id}`)).json() as LotteryDraw;
    expect(draw.seed).not.toBeNull();
    expect(seedHash(draw.seed ?? '')).toBe(published.seed_hash);
    expect(draw.ticket_list).toEqual(published.ticket_list);
    // The winners recomputed from the public seed and ticket list alone are the ones paid.
    const recomputed = drawWinners(draw.seed ?? '', draw.ticket_list);
    expect(recomputed).toHaveLength(10);
    expect(draw.winners.map(({ place, ticket, owner }) => ({ place, ticket, owner }))).toEqual(recomputed);
    expect(new Set(draw.winners.map((w) => w.owner)).size).toBe(10);

    const winners = await app.database.db
      .select()
      .from(schema.lotteryWinners)
      .where(eq(schema.lotteryWinners.drawId, week.id));
    expect(winners).toHaveLength(10);
    for (const winner of winners) {
      const player = players.find((p) => p.id === winner.playerId);
      if (!player) throw new Error('a winner who holds no ticket');
      const real = (await app.wallet.ledger.balances(player.id, player.currency)).real;
      const paid = real - (balancesBefore.get(player.id) ?? 0);
      if (winner.place <= 3) {
        const euros = [1_000_00, 500_00, 250_00][winner.place - 1];
        expect(winner.kind).toBe('cash');
        // Paid in the ticket's currency by the equivalents (two significant digits): €1,000 is $1,100,
        // €250 is $280 (275 rounded), as every amount the promotions state in dollars.
        const dollars = equivalents(euros ?? 0, [{ code: 'USD', subunits: 100 }]).USD;
        expect(paid).toBe(player.currency === 'USD' ? dollars : euros);
      } else {
        expect(winner.kind).toBe('freespins');
        expect(paid).toBe(0);
        const spins = await app.database.db
          .select()
          .from(schema.playerFreespins)
          .where(eq(schema.playerFreespins.playerId, player.id));
        expect(spins.map((s) => [s.count, s.source])).toEqual([[50, `lottery:${week.id}:${winner.place}`]]);
      }
    }
    // Every cent accounted for; the prizes came out of the lottery pool.
    expect(await auditLedger(app.database.db)).toMatchObject({ ledgerTotal: 0, unbalancedTransactions: 0 });

    // The winner sees it in their lottery history; the overview lists the result.
    const first = winners.find((w) => w.place === 1);
    const winner = players.find((p) => p.id === first?.playerId);
    if (!winner) throw new Error('no first place');
    const history = (await mine(winner)).history.find((h) => h.draw_id === week.id);
    expect(history?.prize).toMatchObject({ place: 1, kind: 'cash' });
    // …and hears of it at once: a hint on their lottery channel and their new balance.
    const publications = async (channel: string) =>
      (
        await app.database.db
          .select({ data: schema.realtimePublications.data })
          .from(schema.realtimePublications)
          .where(eq(schema.realtimePublications.channel, channel))
      ).map((row) => row.data);
    await waitUntil(async () => {
      expect(await publications(app.realtime.channelOf('lottery_changes', winner.id))).toContainEqual({
        draw_id: week.id,
        kind: 'prize',
      });
      const balances = (await publications(app.realtime.channelOf('balance', winner.id))) as {
        currency: string;
        amount_cents: number;
      }[][];
      const real = (await app.wallet.ledger.balances(winner.id, winner.currency)).real;
      expect(balances.some((accounts) => accounts.some((a) => a.amount_cents === real))).toBe(true);
    });
    const overview = (await get('/lottery')).json();
    expect(overview.past[0]).toMatchObject({ id: week.id, seed: draw.seed });
  });

  it('answers 404 for a week with no draw and 422 for a malformed one', async () => {
    expect((await get('/lottery/draws/1999-01-04')).json().codes).toEqual({ id: ['lottery.draw_not_found'] });
    expect((await get('/lottery/draws/1999-01-04')).statusCode).toBe(404);
    expect((await get('/lottery/draws/last-week')).statusCode).toBe(422);
    expect((await get('/player/lottery')).statusCode).toBe(401);
  });
});
