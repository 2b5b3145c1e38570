import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { grantBenefits, periodsAt, reloadCode } from './benefits.ts';
import { awardCompPoints } from './public.ts';
import { resettleLevels } from './settle.ts';

/** The machine's handlers run beside much else: an effect is waited for up to this long. */
const eventually = { timeout: 15_000 };
const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-for-the-benefits-tests-1234';
const day = 86_400_000;

describe.each(testDatabaseKinds)('level benefits on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const deps = () => ({ wallet: app.wallet, events: app.events });
  const comps = async (player: TestPlayer) =>
    (
      await app.inject({ method: 'GET', url: '/api/player/comp_points', headers: { cookie: player.cookie } })
    ).json();
  /** A player at a level: its points awarded, the level settled. */
  async function playerAt(points: number, level: string, options: { funded?: number } = {}) {
    const player = await newPlayer(app, options);
    await app.database.db.transaction((tx) =>
      awardCompPoints(tx, app.events, {
        playerId: player.id,
        points,
        reason: 'test',
        key: `level:${player.id}`,
        now: app.clock.now(),
      }),
    );
    await waitUntil(async () => expect((await comps(player)).level.id).toBe(level), eventually);
    return player;
  }
  const freespinsOf = (playerId: string) =>
    app.database.db
      .select({ campaign: schema.playerFreespins.campaignId, count: schema.playerFreespins.count })
      .from(schema.playerFreespins)
      .where(eq(schema.playerFreespins.playerId, playerId));
  const bonusesOf = (playerId: string) =>
    app.database.db
      .select({ campaign: schema.playerBonuses.campaignId, amount: schema.playerBonuses.amount })
      .from(schema.playerBonuses)
      .where(eq(schema.playerBonuses.playerId, playerId));

  it('grants weekly free spins by level once a week, and birthday spins once a year', async () => {
    const now = app.clock.now();
    const bronze = await newPlayer(app);
    const silver = await playerAt(600, 'silver');
    const gold = await playerAt(3_000, 'gold');
    const { birthday } = periodsAt(now);
    await app.database.db
      .update(schema.players)
      .set({ dateOfBirth: `${birthday}1990` })
      .where(eq(schema.players.id, bronze.id));

    await grantBenefits(app.database.db, deps(), now);
    await grantBenefits(app.database.db, deps(), new Date(now.getTime() + 3_600_000));
    expect(await freespinsOf(silver.id)).toEqual([{ campaign: 'loyalty-weekly-spins-silver', count: 10 }]);
    expect(await freespinsOf(gold.id)).toEqual([{ campaign: 'loyalty-weekly-spins-gold', count: 20 }]);
    expect(await freespinsOf(bronze.id)).toEqual([{ campaign: 'loyalty-birthday-spins', count: 20 }]);

    // A week later the weekly spins come again; the birthday waits for next year.
    await grantBenefits(app.database.db, deps(), new Date(now.getTime() + 7 * day));
    expect(await freespinsOf(silver.id)).toHaveLength(2);
    expect(await freespinsOf(bronze.id)).toHaveLength(1);
  });

  it('pays Platinum a monthly cashback of 5 % of last month’s real-money losses, once', async () => {
    const platinum = await playerAt(10_000, 'platinum', { funded: 50_000 });
    const slot = await studioCalls(app, platinum, { secret, gameCode: 'thunder-of-zeus' });
    await slot.bet('cashback-1', 20_000);
    await slot.win('cashback-1-win', 'cashback-1', 4_000);
    await slot.bet('cashback-2', 4_000);
    await slot.rollback('cashback-2-undo', 'cashback-2');
    // Next month: last month's net loss is €160, so the cashback is €8.
    const nextMonth = new Date(app.clock.now().getTime() + 32 * day);
    await grantBenefits(app.database.db, deps(), nextMonth);
    await grantBenefits(app.database.db, deps(), new Date(nextMonth.getTime() + day));
    expect(await bonusesOf(platinum.id)).toEqual([{ campaign: 'loyalty-monthly-cashback', amount: 800 }]);
  });

  it('offers the weekly reload in the cashier to Gold and up only', async () => {
    const offers = async (player: TestPlayer) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/player/deposit_offers?currency=EUR',
          headers: { cookie: player.cookie },
        })
      ).json() as { code: string }[];
    const gold = await playerAt(2_500, 'gold', { funded: 2_000 });
    const silver = await playerAt(500, 'silver', { funded: 2_000 });
    expect((await offers(gold)).map((offer) => offer.code)).toContain(reloadCode);
    expect((await offers(silver)).map((offer) => offer.code)).not.toContain(reloadCode);
  });

  it('takes a level and its groups away once its points are more than 12 months old', async () => {
    const player = await playerAt(3_000, 'gold');
    const inAYear = new Date(app.clock.now().getTime() + 367 * day);
    await resettleLevels(app.database.db, { events: app.events, realtime: app.realtime }, inAYear);
    const [balance] = await app.database.db
      .select({ level: schema.compPointBalances.level })
      .from(schema.compPointBalances)
      .where(eq(schema.compPointBalances.playerId, player.id));
    expect(balance?.level).toBe('bronze');
    expect(
      await app.database.db
        .select()
        .from(schema.playerGroups)
        .where(
          and(eq(schema.playerGroups.playerId, player.id), eq(schema.playerGroups.group, 'loyalty_gold')),
        ),
    ).toEqual([]);
  });
});
