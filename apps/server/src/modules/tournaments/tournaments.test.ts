import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';
import { openTournamentsKeptMs } from './handlers/score-play.ts';

const secret = 'a-studio-secret-that-is-long-enough-1234';
const active = 'winter-reels-race';
const often = { interval: 50 };
/**
 * A moment of the demo content's calendar (content/en/tournamentsCollection), so the states below do
 * not depend on the day the tests run: the autumn cup ended 20 days before (still on the finished
 * page), the winter race runs, the new-year one is ahead.
 */
const contentMoment = new Date('2026-11-20T12:00:00Z');

describe.each(testDatabaseKinds)('tournaments on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { STUDIO_SECRET: secret },
      {
        events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 },
        beforeReady: (started) => started.clock.moveTo(contentMoment),
      },
    );
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': 'en', ...(player ? { cookie: player.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const join = (player: TestPlayer) =>
    api(player, 'POST', `/tournaments/${active}/confirm`, { confirmed: true });
  const pointsOf = async (player: TestPlayer) => {
    const statuses = (await api(player, 'GET', '/tournaments/statuses')).json() as {
      tournament_id: string;
      points: number;
      place: number | null;
    }[];
    return statuses.find((status) => status.tournament_id === active);
  };

  it('shows one tournament of each state, as the content dates them', async () => {
    const list = (await api(null, 'GET', '/tournaments')).json() as { id: string; state: string }[];
    expect(list.map((t) => [t.id, t.state])).toEqual([
      ['winter-reels-race', 'active'],
      ['new-year-high-roller', 'upcoming'],
    ]);
    const recent = (await api(null, 'GET', '/tournaments/recent')).json() as { id: string; state: string }[];
    expect(recent.map((t) => [t.id, t.state])).toEqual([['autumn-spin-cup', 'finished']]);
    expect((await api(null, 'GET', '/tournaments/no-such-cup')).statusCode).toBe(404);
    expect((await api(null, 'GET', '/tournaments/statuses')).statusCode).toBe(401);
  });

  it('refuses to join a finished or unknown tournament, and a confirmed: false', async () => {
    const player = await newPlayer(app);
    const finished = await api(player, 'POST', '/tournaments/autumn-spin-cup/confirm', { confirmed: true });
    expect(finished.statusCode).toBe(409);
    expect(Object.values(finished.json().codes).flat()).toContain('tournaments.finished');
    expect((await api(player, 'POST', '/tournaments/nope/confirm', { confirmed: true })).statusCode).toBe(
      404,
    );
    expect(
      (await api(player, 'POST', `/tournaments/${active}/confirm`, { confirmed: false })).statusCode,
    ).toBe(422);
  });

  it('lets only the countries a tournament names join it, and says so in the status', async () => {
    await app.database.db
      .update(schema.tournaments)
      .set({ countries: ['CY'] })
      .where(eq(schema.tournaments.id, 'new-year-high-roller'));
    const greek = await newPlayer(app, { country: 'GR' });
    const cypriot = await newPlayer(app, { country: 'CY' });
    const statusOf = async (player: TestPlayer) =>
      (
        (await api(player, 'GET', '/tournaments')).json() as { id: string; status: { eligible: boolean } }[]
      ).find((t) => t.id === 'new-year-high-roller')?.status;
    expect(await statusOf(greek)).toMatchObject({ eligible: false });
    const refused = await api(greek, 'POST', '/tournaments/new-year-high-roller/confirm', {
      confirmed: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(Object.values(refused.json().codes).flat()).toContain('tournaments.not_eligible');
    expect(await statusOf(cypriot)).toMatchObject({ eligible: true });
    const joined = await api(cypriot, 'POST', '/tournaments/new-year-high-roller/confirm', {
      confirmed: true,
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ confirmed: true, state: 'upcoming' });
  });

  it('scores real-money stakes on its games by players who joined, once; not bonus money, other games or rolled-back bets', async () => {
    const player = await newPlayer(app, { funded: 100_00 });
    const outsider = await newPlayer(app, { funded: 100_00 });
    const drachma = await studioCalls(app, player, { secret, gameCode: 'golden-drachma' });
    // Before joining: nothing counts.
    await drachma.bet('before-join', 1_00);
    const joined = await join(player);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ confirmed: true, points: 0, place: null });

    await drachma.bet('t1', 2_50);
    await drachma.bet('t1', 2_50); // a replay of the same call
    const zeus = await studioCalls(app, player, { secret, gameCode: 'thunder-of-zeus' });
    await zeus.bet('z1', 5_00); // not a tournament game
    await drachma.bet('t2', 4_00);
    await drachma.rollback('t2-back', 't2');
    await (await studioCalls(app, outsider, { secret, gameCode: 'golden-drachma' })).bet('o1', 9_00);
    await drachma.bet('t3', 1_00);
    await waitUntil(async () => expect((await pointsOf(player))?.points).toBe(350), often);

    // Bonus money alone: the stake is taken from the bonus balance and scores nothing.
    const bonusOnly = await newPlayer(app);
    await app.wallet.grantBonus({
      key: `test-bonus:${bonusOnly.id}`,
      playerId: bonusOnly.id,
      currency: 'EUR',
      amount: 20_00,
      reference: 'test',
    });
    await join(bonusOnly);
    await (await studioCalls(app, bonusOnly, { secret, gameCode: 'golden-drachma' })).bet('b1', 10_00);
    await drachma.bet('t4', 50); // after it, so its points show the bonus bet was dealt with
    await waitUntil(async () => expect((await pointsOf(player))?.points).toBe(400), often);
    expect((await pointsOf(bonusOnly))?.points).toBe(0);
    expect((await pointsOf(outsider))?.points ?? 0).toBe(0);

    const detail = (await api(player, 'GET', `/tournaments/${active}`)).json();
    expect(detail.leaderboard.find((row: { me: boolean }) => row.me)).toMatchObject({ points: 400 });
  });

  it('scores wins by multiplier or by net win, joining players itself where no opt-in is asked', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = app.clock.now().getTime();
    const terms = {
      startAt: new Date(now - day),
      endAt: new Date(now + day),
      games: ['olympus-fruits'],
      optIn: false,
      prizePool: { EUR: 100_00 },
      prizeShares: [{ from: 1, to: 1, percent: 100 }],
    };
    await app.database.db.insert(schema.tournaments).values([
      { id: 'test-multiplier', pointsRule: 'multiplier', ...terms },
      { id: 'test-net-win', pointsRule: 'net_win', ...terms },
    ]);
    const player = await newPlayer(app, { funded: 100_00 });
    const fruits = await studioCalls(app, player, { secret, gameCode: 'olympus-fruits' });
    // Later than the scoring handler keeps its list of open tournaments, so it reads these two.
    app.clock.moveTo(new Date(app.clock.now().getTime() + openTournamentsKeptMs));
    await fruits.bet('m1', 2_00);
    await fruits.win('m1-win', 'm1', 5_00); // 2.5x, €3 net
    await fruits.bet('m2', 1_00);
    await fruits.win('m2-win', 'm2', 0); // a lost round scores nothing
    const scoreIn = async (id: string) =>
      (
        await app.database.db
          .select()
          .from(schema.tournamentParticipants)
          .where(
            and(
              eq(schema.tournamentParticipants.tournamentId, id),
              eq(schema.tournamentParticipants.playerId, player.id),
            ),
          )
      )[0]?.points;
    await waitUntil(async () => expect(await scoreIn('test-net-win')).toBe(300), often);
    expect(await scoreIn('test-multiplier')).toBe(250);
  });

  it('orders equal scores by who reached them first, and ends once: places frozen, prizes paid as real money', async () => {
    const first = await newPlayer(app, { funded: 1_000_00 });
    const second = await newPlayer(app, { funded: 1_000_00 });
    await join(first);
    await join(second);
    await (await studioCalls(app, first, { secret, gameCode: 'aegean-treasures' })).bet('f1', 300_00);
    await (await studioCalls(app, second, { secret, gameCode: 'aegean-treasures' })).bet('s1', 300_00);
    await waitUntil(async () => expect((await pointsOf(second))?.points).toBe(30_000), often);
    expect((await pointsOf(first))?.place).toBe(1);
    expect((await pointsOf(second))?.place).toBe(2);

    // The end comes (an operator's change of the end, so the players' sessions stay valid).
    await app.database.db
      .update(schema.tournaments)
      .set({ endAt: new Date(app.clock.now().getTime() - 1_000) })
      .where(eq(schema.tournaments.id, active));
    const before = await app.wallet.ledger.balances(first.id, 'EUR');
    await app.jobs.runNow('tournaments.finish');
    await app.jobs.runNow('tournaments.finish');
    const after = await app.wallet.ledger.balances(first.id, 'EUR');
    // 30 % of the €10,000 pool, once, as real money.
    expect(after.real - before.real).toBe(3_000_00);
    expect(after.bonus).toBe(before.bonus);
    const [paid] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ledgerTransactions)
      .where(like(schema.ledgerTransactions.idempotencyKey, `tournament:prize:${active}:%`));
    expect(paid?.n).toBe(3);

    const recent = (await api(first, 'GET', '/tournaments/recent')).json() as {
      id: string;
      winners: { place: number; points: number; me: boolean; prize: { amount_cents: number } | null }[];
    }[];
    const ended = recent.find((t) => t.id === active);
    expect(ended?.winners.slice(0, 2)).toMatchObject([
      { place: 1, points: 30_000, me: true, prize: { amount_cents: 3_000_00 } },
      { place: 2, points: 30_000, me: false, prize: { amount_cents: 1_500_00 } },
    ]);
    // A bet after the end scores nothing; a join is refused.
    expect((await join(await newPlayer(app))).statusCode).toBe(409);
    const [row] = await app.database.db
      .select()
      .from(schema.tournamentParticipants)
      .where(
        and(
          eq(schema.tournamentParticipants.tournamentId, active),
          eq(schema.tournamentParticipants.playerId, first.id),
        ),
      );
    expect(row?.place).toBe(1);
    expect(await auditLedger(app.database.db)).toMatchObject({ unbalancedTransactions: 0, ledgerTotal: 0 });
  });
});
