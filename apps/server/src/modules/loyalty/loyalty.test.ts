import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { auditLedger } from '../wallet/public.ts';
import { awardCompPoints } from './public.ts';

/** The machine's handlers run beside much else: an effect is waited for up to this long. */
const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-for-the-loyalty-tests-1234';
const operatorToken = 'an-operator-token-for-the-loyalty-tests-1234';

describe.each(testDatabaseKinds)('comp points and levels on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret, OPERATOR_API_TOKEN: operatorToken },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  function as(player: TestPlayer) {
    const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie: player.cookie, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    const comps = async () => (await api('GET', '/player/comp_points')).json();
    const play = (gameCode: string) => studioCalls(app, player, { secret, gameCode });
    const exchange = (points: number, key: string) =>
      api('POST', '/player/comp_points/exchange', { points, idempotency_key: key });
    const grant = (points: number, key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/players/${player.id}/comp_points`,
        headers: { authorization: `Bearer ${operatorToken}` },
        payload: { points, reason: 'test grant', key },
      });
    return { api, comps, play, exchange, grant };
  }

  const groupsOf = async (playerId: string) =>
    (
      await app.database.db
        .select({ group: schema.playerGroups.group })
        .from(schema.playerGroups)
        .where(eq(schema.playerGroups.playerId, playerId))
    )
      .map((row) => row.group)
      .sort();

  it('earns a point per €10 of real money on slots and a tenth of that on roulette, kept exactly; a rollback gives its points back', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const { comps, play } = as(player);
    expect(await comps()).toMatchObject({
      points: 0,
      collected: 0,
      level: { id: 'bronze', points_per_euro: 100 },
      next_level: { id: 'silver', points: 500 },
      to_next_level: 500,
      progress_percent: 0,
      exchange: { points_per_euro: 100, minimum_points: 100, currency: 'EUR', value_cents: 0 },
    });

    const slot = await play('thunder-of-zeus');
    for (let i = 0; i < 10; i++)
      expect(await slot.bet(`slot-${player.id}-${i}`, 100)).toMatchObject({ status: 'RS_OK' });
    // Ten €1 bets: one point, not ten times a rounded-down tenth.
    await waitUntil(async () => expect((await comps()).points).toBe(1));

    const roulette = await play('european-roulette');
    await roulette.bet(`roulette-${player.id}`, 1_000);
    await waitUntil(async () => expect((await comps()).points).toBe(1.1));

    await slot.rollback(`undo-${player.id}`, `slot-${player.id}-0`);
    await waitUntil(async () => expect(await comps()).toMatchObject({ points: 1, collected: 1 }));
  });

  it('weighs a stake by the game as the catalogue has it now: a slot moved to the tables earns a tenth from then on', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const { comps, play } = as(player);
    const game = await play('olive-grove');
    await game.bet(`grove-slot-${player.id}`, 1_000);
    await waitUntil(async () => expect((await comps()).points).toBe(1));

    const games = schema.games;
    const [before] = await app.database.db
      .select({ categories: games.categories })
      .from(games)
      .where(eq(games.gameCode, 'olive-grove'));
    await app.database.db
      .update(games)
      .set({ categories: ['table'] })
      .where(eq(games.gameCode, 'olive-grove'));
    try {
      await game.bet(`grove-table-${player.id}`, 1_000);
      await waitUntil(async () => expect((await comps()).points).toBe(1.1));
    } finally {
      await app.database.db
        .update(games)
        .set({ categories: before?.categories ?? ['slots'] })
        .where(eq(games.gameCode, 'olive-grove'));
    }
  });

  it('counts another currency by its euro equivalent, and pays an exchange in it', async () => {
    const player = await newPlayer(app, { currency: 'USD', funded: 10_000 });
    const { comps, play, exchange, grant } = as(player);
    const slot = await play('thunder-of-zeus');
    // $11 is €10 by the equivalents (1.10 a euro): one point.
    await slot.bet(`usd-${player.id}`, 1_100);
    await waitUntil(async () => expect((await comps()).points).toBe(1));
    await grant(199, `usd-grant-${player.id}`);
    await waitUntil(async () =>
      expect((await comps()).exchange).toMatchObject({ currency: 'USD', value_cents: 220 }),
    );
    // Bronze: 100 points = €1, paid as $1.10.
    const paid = await exchange(100, `usd-exchange-${player.id.slice(0, 8)}`);
    expect(paid.json()).toMatchObject({ points_exchanged: 100, amount_cents: 110, currency: 'USD' });
  });

  it('gives nothing for the bonus money of a stake: only its real part earns', async () => {
    const player = await newPlayer(app, { funded: 500 });
    const { comps, play, api } = as(player);
    await app.database.db.insert(schema.bonusCampaigns).values({
      id: `loyalty-${player.id.slice(0, 8)}`,
      kind: 'no_deposit',
      code: `LOY${player.id.slice(0, 8).toUpperCase()}`,
      title: { en: 'Test', el: 'Δοκιμή' },
      terms: {
        amount: { EUR: 1_000 },
        wagering: { multiplier: 30, on: 'bonus', days: 7 },
        contributions: { categories: { slots: 100 }, other: 10 },
      },
    });
    expect((await api('POST', `/bonuses/coupon?coupon_code=LOY${player.id.slice(0, 8)}`)).statusCode).toBe(
      200,
    );
    await waitUntil(async () =>
      expect((await app.wallet.ledger.balances(player.id, 'EUR')).bonus).toBe(1_000),
    );

    const slot = await play('thunder-of-zeus');
    // €10 staked: €5 real money, €5 bonus money.
    expect(await slot.bet(`split-${player.id}`, 1_000)).toMatchObject({ status: 'RS_OK' });
    await waitUntil(async () => expect((await comps()).points).toBe(0.5));
    // A bet of bonus money only earns nothing, so the points stay.
    await slot.bet(`bonus-only-${player.id}`, 200);
    await handlersCaughtUp(app.database.db);
    expect((await comps()).points).toBe(0.5);
  });

  it('counts a batch once when its transaction fails after booking and is run again', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const { comps, play } = as(player);
    const original = app.realtime.publishManyToPlayers.bind(app.realtime);
    let pushes = 0;
    const theirs = (channel: string, items: { playerId: string }[]) =>
      channel === 'comps_award' && items.some((item) => item.playerId === player.id);
    // The first comps_award push of the player's batch fails: the whole batch (points included) rolls back.
    const publish = vi
      .spyOn(app.realtime, 'publishManyToPlayers')
      .mockImplementation(async (context, channel, items) => {
        if (theirs(channel, items) && pushes++ === 0) throw new Error('crashed before the batch committed');
        return original(context, channel, items);
      });
    const slot = await play('thunder-of-zeus');
    await slot.bet(`crash-${player.id}`, 5_000);
    await waitUntil(async () => expect((await comps()).points).toBe(5));
    // The failed run and the one that committed both pushed: the points were booked twice, kept once.
    expect(publish.mock.calls.filter(([, channel, items]) => theirs(channel, items))).toHaveLength(2);
    await handlersCaughtUp(app.database.db);
    expect((await comps()).points).toBe(5);
    publish.mockRestore();
  });

  it('awards points once per key, and a level reached adds its groups', async () => {
    const player = await newPlayer(app, { funded: 100 });
    const { comps } = as(player);
    const award = () =>
      app.database.db.transaction((tx) =>
        awardCompPoints(tx, app.events, {
          playerId: player.id,
          points: 600,
          reason: 'wheel',
          key: `wheel:${player.id}`,
          now: app.clock.now(),
        }),
      );
    await award();
    await award();
    await waitUntil(async () =>
      expect(await comps()).toMatchObject({ points: 600, level: { id: 'silver' } }),
    );
    expect(await groupsOf(player.id)).toEqual(['loyalty_silver']);
  });

  it('reaches a level by play on the points collected over the last 12 months, the latest bets included', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const { comps, play } = as(player);
    const dayOf = (monthsAgo: number) => {
      const day = new Date();
      day.setUTCMonth(day.getUTCMonth() - monthsAgo);
      return day.toISOString().slice(0, 10);
    };
    const points = (n: number) => n * 1_000_000;
    // 10,000 points 13 months ago no longer count; 450 two months ago and 40 today do: 490 of Silver's 500.
    await app.database.db.insert(schema.compPointDays).values([
      { playerId: player.id, day: dayOf(13), microPoints: points(10_000) },
      { playerId: player.id, day: dayOf(2), microPoints: points(450) },
      { playerId: player.id, day: dayOf(0), microPoints: points(40) },
    ]);
    await app.database.db
      .insert(schema.compPointBalances)
      .values({ playerId: player.id, microPoints: points(490) });
    const slot = await play('thunder-of-zeus');

    // €50 on a slot: 5 points, 495 collected (today's 40 counted once, with the 5 added to it).
    await slot.bet(`below-${player.id}`, 5_000);
    await waitUntil(async () => expect((await comps()).points).toBe(495));
    expect(await comps()).toMatchObject({ collected: 495, level: { id: 'bronze' } });
    expect(await groupsOf(player.id)).toEqual([]);

    // 5 more: 500, Silver, reached by the bet just booked.
    await slot.bet(`reach-${player.id}`, 5_000);
    await waitUntil(async () =>
      expect(await comps()).toMatchObject({ points: 500, level: { id: 'silver' } }),
    );
    expect(await groupsOf(player.id)).toEqual(['loyalty_silver']);
  });

  it('moves a player up to Diamond by an operator grant: high_roller replaces the lower level groups', async () => {
    const player = await newPlayer(app, { funded: 100 });
    const { comps, grant } = as(player);
    expect((await grant(3_000, `gold-${player.id}`)).statusCode).toBe(200);
    await waitUntil(async () => expect((await comps()).level.id).toBe('gold'));
    expect(await groupsOf(player.id)).toEqual(['loyalty_gold']);
    const again = await grant(3_000, `gold-${player.id}`);
    expect(again.json()).toMatchObject({ points: 3_000 });
    await grant(47_000, `diamond-${player.id}`);
    await waitUntil(async () =>
      expect(await comps()).toMatchObject({
        points: 50_000,
        level: { id: 'diamond', points_per_euro: 60 },
        next_level: { id: 'chrysos' },
        to_next_level: 150_000,
      }),
    );
    expect(await groupsOf(player.id)).toEqual(['high_roller', 'loyalty_diamond']);
    const seen = await app.inject({
      method: 'GET',
      url: `/api/operator/players/${player.id}/comp_points`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(seen.json()).toMatchObject({ points: 50_000, level: { id: 'diamond' } });
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${randomUUID()}/comp_points`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { points: 1, reason: 'x', key: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().codes).toEqual({ base: ['loyalty.player_not_found'] });
  });

  it('tells a player who reaches a level by web push, in their language', async () => {
    const player = await newPlayer(app, { funded: 100 });
    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, player.id));
    await app.database.db.insert(schema.pushSubscriptions).values({
      playerId: player.id,
      endpoint: `https://push.example.test/${player.id}`,
      p256dh: 'BPublicKeyOfTheBrowser',
      auth: 'authSecret',
    });
    const send = vi.spyOn(app.jobs, 'send');
    const pushes = () =>
      send.mock.calls
        .filter(([name]) => name === 'notifications.push')
        .map(([, data]) => (data as { message: { title: string; url: string; kind: string } }).message);
    await as(player).grant(2_500, `push-gold-${player.id}`);
    await waitUntil(() =>
      expect(pushes()).toEqual([
        expect.objectContaining({
          title: 'Καλώς ήρθατε στο επίπεδο Gold',
          url: '/el/profile/loyalty',
          kind: 'transactional',
        }),
      ]),
    );
    send.mockRestore();
  });

  it('exchanges points for real money at the level rate once per key, and refuses below the minimum or above the balance', async () => {
    const player = await newPlayer(app, { funded: 100 });
    const { comps, exchange, grant } = as(player);
    await grant(650, `silver-${player.id}`);
    await waitUntil(async () => expect((await comps()).level.id).toBe('silver'));

    const below = await exchange(99, 'exchange-below-1');
    expect(below.statusCode).toBe(422);
    expect(below.json().codes).toEqual({ points: ['loyalty.exchange_below_minimum'] });
    const above = await exchange(651, 'exchange-above-1');
    expect(above.statusCode).toBe(409);
    expect(above.json().codes).toEqual({ points: ['loyalty.not_enough_points'] });

    // Silver: 90 points = €1, so 450 points are €5.
    const first = await exchange(450, 'exchange-once-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ points_exchanged: 450, amount_cents: 500, currency: 'EUR' });
    const retry = await exchange(450, 'exchange-once-1');
    expect(retry.json()).toMatchObject({ points_exchanged: 450, amount_cents: 500 });
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ real: 600 });
    // Spent points are not un-collected: the level stays.
    expect(await comps()).toMatchObject({ points: 200, collected: 650, level: { id: 'silver' } });
    expect(await auditLedger(app.database.db)).toMatchObject({
      unbalancedTransactions: 0,
      negativeAccounts: 0,
    });
  });

  it('answers a visitor 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/player/comp_points' });
    expect(response.statusCode).toBe(401);
  });
});
