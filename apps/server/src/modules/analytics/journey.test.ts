import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { depositThroughSandbox, newPlayer, type TestPlayer } from '../../testing/factories.ts';

/** The player's journey recorded from the domain events (issue 37), each player's as their own. */
describe.each(testDatabaseKinds)("a player's journey in analytics on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, {}, { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } });
  });
  afterAll(() => app.closeAll());

  const journeyOf = async (player: TestPlayer) =>
    (
      await app.database.db
        .select()
        .from(schema.analyticsEvents)
        .where(
          and(eq(schema.analyticsEvents.userId, player.id), eq(schema.analyticsEvents.source, 'platform')),
        )
        .orderBy(asc(schema.analyticsEvents.occurredAt), asc(schema.analyticsEvents.name))
    ).map((row) => [row.name, row.properties]);

  it('records deposits from the cashier, the first one named once, each for its own player', async () => {
    const eleni = await newPlayer(app);
    const nikos = await newPlayer(app, { currency: 'USD' });
    await depositThroughSandbox(app, eleni, 2_000);
    await depositThroughSandbox(app, eleni, 5_000);
    await depositThroughSandbox(app, nikos, 3_000);
    await handlersCaughtUp(app.database.db);

    const eleniJourney = await journeyOf(eleni);
    expect(eleniJourney.filter(([name]) => name === 'First Deposit Made')).toEqual([
      [
        'First Deposit Made',
        expect.objectContaining({ amount_cents: 2_000, currency: 'EUR', method: 'card' }),
      ],
    ]);
    expect(
      eleniJourney.filter(([name]) => name === 'Deposit Made').map(([, properties]) => properties),
    ).toEqual([
      expect.objectContaining({ amount_cents: 2_000, currency: 'EUR', first_deposit: true }),
      expect.objectContaining({ amount_cents: 5_000, currency: 'EUR', first_deposit: false }),
    ]);
    const nikosJourney = await journeyOf(nikos);
    expect(
      nikosJourney.filter(([name]) => name === 'Deposit Made').map(([, properties]) => properties),
    ).toEqual([expect.objectContaining({ amount_cents: 3_000, currency: 'USD', first_deposit: true })]);
    expect(nikosJourney.filter(([name]) => name === 'First Deposit Made')).toHaveLength(1);
  });

  it("records a sign-up with its referral tags, and each player's bets aggregated per batch", async () => {
    const signedUp = await app.inject({
      method: 'POST',
      // The landing page's referral tags come with the sign-up, as the form posts them.
      url: '/api/users?btag=partner-7&utm_source=newsletter',
      headers: { 'accept-language': 'en' },
      payload: {
        user: {
          email: `journey-${Date.now()}@example.gr`,
          password: 'Golden-Drachma-42',
          currency: 'EUR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(signedUp.statusCode).toBeLessThan(300);
    await handlersCaughtUp(app.database.db);
    const [registered] = await app.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.name, 'Signed Up'));
    expect(registered?.properties).toMatchObject({
      method: 'password',
      currency: 'EUR',
      referral: { btag: 'partner-7', utm_source: 'newsletter' },
    });

    const [small, big] = [await newPlayer(app, { funded: 10_000 }), await newPlayer(app, { funded: 10_000 })];
    const bet = (player: TestPlayer, n: number, amount: number) =>
      app.wallet.bet({
        key: `journey-bet:${player.id}:${n}`,
        playerId: player.id,
        currency: 'EUR',
        amount,
        round: `journey-${player.id}-${n}`,
        gameCode: 'golden-reels',
      });
    await bet(small, 1, 100);
    await bet(small, 2, 100);
    await bet(big, 1, 2_500);
    await handlersCaughtUp(app.database.db);
    const settled = async (player: TestPlayer) => {
      const rows = (await journeyOf(player)).filter(([name]) => name === 'Bets Settled');
      return rows.reduce(
        (sum, [, properties]) => {
          const p = properties as { bets: number; stake_cents: number };
          return { bets: sum.bets + p.bets, stake: sum.stake + p.stake_cents };
        },
        { bets: 0, stake: 0 },
      );
    };
    expect(await settled(small)).toEqual({ bets: 2, stake: 200 });
    expect(await settled(big)).toEqual({ bets: 1, stake: 2_500 });
  });
});
