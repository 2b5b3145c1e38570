import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';

/**
 * The guard of issue 31 for bonuses: a running bonus's rules (its maximum bet, its wagering, its
 * conversion and cancellation) belong to its owner alone. Two players play the same game side by side,
 * one with a bonus running and one without, and each sees only their own effect.
 */
describe.each(testDatabaseKinds)('bonuses of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
    await app.database.db.insert(schema.bonusCampaigns).values({
      id: 'two-players',
      kind: 'no_deposit',
      code: 'TWOPLAYERS',
      title: { en: 'Two players', el: 'Δύο παίκτες' },
      terms: {
        amount: { EUR: 1_000 },
        wagering: { multiplier: 2, on: 'bonus', days: 7 },
        maxBet: { EUR: 500 },
        contributions: { categories: { slots: 100 }, other: 10 },
      },
    });
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    app.inject({ method, url: `/api${url}`, headers: { cookie: player.cookie, 'accept-language': 'en' } });
  const bonusesOf = async (player: TestPlayer) =>
    (await api(player, 'GET', '/player/bonuses/')).json() as {
      id: string;
      stage: string;
      wagering_done_cents: number;
    }[];
  const balances = (player: TestPlayer) => app.wallet.ledger.balances(player.id, 'EUR');

  it('holds a bonus’s maximum bet and wagering to its owner only', async () => {
    const owner = await newPlayer(app, { funded: 5_000 });
    const other = await newPlayer(app, { funded: 5_000 });
    expect((await api(owner, 'POST', '/bonuses/coupon?coupon_code=TWOPLAYERS')).statusCode).toBe(200);
    await handlersCaughtUp(app.database.db);
    expect(await bonusesOf(owner)).toEqual([expect.objectContaining({ stage: 'activated' })]);
    expect(await bonusesOf(other)).toEqual([]);

    const ownerSlot = await studioCalls(app, owner, { secret, gameCode: 'thunder-of-zeus' });
    const otherSlot = await studioCalls(app, other, { secret, gameCode: 'thunder-of-zeus' });
    // €6 is above the owner's bonus maximum of €5; the other player has no bonus and no such maximum.
    expect(await ownerSlot.bet('owner-big', 600)).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    expect(await otherSlot.bet('other-big', 600)).toMatchObject({ status: 'RS_OK', balance: 4_400 });
    // Only the owner's own stakes count towards the owner's wagering.
    expect(await ownerSlot.bet('owner-1', 300)).toMatchObject({ status: 'RS_OK' });
    expect(await otherSlot.bet('other-1', 400)).toMatchObject({ status: 'RS_OK' });
    await handlersCaughtUp(app.database.db);
    expect(await bonusesOf(owner)).toEqual([expect.objectContaining({ wagering_done_cents: 300 })]);
    expect(await bonusesOf(other)).toEqual([]);
    expect(await balances(other)).toEqual({ real: 4_000, bonus: 0, held: 0 });

    // Cancelling the owner's bonus takes the owner's bonus money only.
    const [bonus] = await bonusesOf(owner);
    expect((await api(owner, 'DELETE', `/player/bonuses/${bonus?.id}`)).statusCode).toBe(200);
    await handlersCaughtUp(app.database.db);
    expect(await balances(owner)).toMatchObject({ bonus: 0 });
    expect(await balances(other)).toEqual({ real: 4_000, bonus: 0, held: 0 });
    // With the bonus gone, the owner may stake €6 again, as the other player could all along.
    expect(await ownerSlot.bet('owner-big-again', 600)).toMatchObject({ status: 'RS_OK' });
  });

  it('converts the owner’s wagered bonus to the owner’s real money, the other player’s untouched', async () => {
    const owner = await newPlayer(app, { funded: 5_000 });
    const other = await newPlayer(app, { funded: 5_000 });
    expect((await api(owner, 'POST', '/bonuses/coupon?coupon_code=TWOPLAYERS')).statusCode).toBe(200);
    await handlersCaughtUp(app.database.db);
    const ownerSlot = await studioCalls(app, owner, { secret, gameCode: 'thunder-of-zeus' });
    const otherSlot = await studioCalls(app, other, { secret, gameCode: 'thunder-of-zeus' });
    // The other player wagers far more than the owner's bonus needs; the owner's bonus does not move.
    for (let round = 0; round < 6; round++) {
      expect(await otherSlot.bet(`conv-other-${round}`, 500)).toMatchObject({ status: 'RS_OK' });
      expect(await otherSlot.win(`conv-other-${round}-win`, `conv-other-${round}`, 500)).toMatchObject({
        status: 'RS_OK',
      });
    }
    await handlersCaughtUp(app.database.db);
    expect(await bonusesOf(owner)).toEqual([
      expect.objectContaining({ stage: 'activated', wagering_done_cents: 0 }),
    ]);
    // The owner's own 2,000 of stakes meet the 2× wagering; once the rounds settle the bonus is real money.
    for (let round = 0; round < 4; round++) {
      expect(await ownerSlot.bet(`conv-owner-${round}`, 500)).toMatchObject({ status: 'RS_OK' });
      expect(await ownerSlot.win(`conv-owner-${round}-win`, `conv-owner-${round}`, 500)).toMatchObject({
        status: 'RS_OK',
      });
    }
    await handlersCaughtUp(app.database.db);
    expect(await bonusesOf(owner)).toEqual([expect.objectContaining({ stage: 'wagered' })]);
    expect(await balances(owner)).toEqual({ real: 6_000, bonus: 0, held: 0 });
    expect(await balances(other)).toEqual({ real: 5_000, bonus: 0, held: 0 });
    expect(await bonusesOf(other)).toEqual([]);
  });
});
