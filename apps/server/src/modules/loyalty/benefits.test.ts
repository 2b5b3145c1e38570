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

/** Noon UTC on the 2nd of the month after the one `at` falls in, in Athens (the 2nd there too). */
function secondOfNextAthensMonth(at: Date): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Athens',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  // Date.UTC counts months from 0, so the Athens month number (from 1) is the next month's index.
  return new Date(Date.UTC(part('year'), part('month'), 2, 12));
}

/** The machine's handlers run beside much else: an effect is waited for up to this long. */
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
    await waitUntil(async () => expect((await comps(player)).level.id).toBe(level));
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
    // The coming Wednesday at noon (UTC): an hour later is the same Athens week and day wherever the
    // run falls. From the clock's now itself, a run in the last hour of an Athens Sunday granted the
    // next week's spins at the second call.
    const now = app.clock.now();
    now.setUTCDate(now.getUTCDate() + ((3 - now.getUTCDay() + 7) % 7 || 7));
    now.setUTCHours(12, 0, 0, 0);
    const bronze = await newPlayer(app);
    const silver = await playerAt(600, 'silver');
    const gold = await playerAt(3_000, 'gold');
    const { birthday } = periodsAt(now);
    await app.database.db
      .update(schema.players)
      .set({
        dateOfBirth: `${String(birthday.day).padStart(2, '0')}.${String(birthday.month).padStart(2, '0')}.1990`,
      })
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
    // The 2nd of the month after the bets' month in Athens, whatever today's date (32 days on from the
    // 30th of November in Athens is in January): last month's net loss is €160, so the cashback is €8.
    const nextMonth = secondOfNextAthensMonth(app.clock.now());
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
