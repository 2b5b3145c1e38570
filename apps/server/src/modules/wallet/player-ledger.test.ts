import { randomUUID } from 'node:crypto';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, playRound, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';

type Movement = {
  id: number;
  kind: string;
  currency: string;
  amount_cents: number;
  real_balance_after_cents: number | null;
  round: string | null;
  game_code: string | null;
};
type Page = { items: Movement[]; next_before: number | null };

/**
 * The player's ledger on Player 360 (issue 38), read by operators for two players whose movements
 * differ: each shows only their own, filtered by kind and currency, paged back by id.
 */
describe.each(testDatabaseKinds)("an operator reads a player's ledger on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let support: Awaited<ReturnType<typeof newOperatorToken>>;
  let marketing: Awaited<ReturnType<typeof newOperatorToken>>;
  let alice: TestPlayer;
  let bob: TestPlayer;

  const play = (player: TestPlayer, stake: number, win: number) => playRound(app, player, stake, win);

  beforeAll(async () => {
    app = await buildTestApp(kind);
    [support, marketing] = await Promise.all([
      newOperatorToken(app, 'support'),
      newOperatorToken(app, 'marketing'),
    ]);
    alice = await newPlayer(app, { funded: 10_000 });
    bob = await newPlayer(app, { funded: 7_000 });
    await app.wallet.deposit({ key: `usd:${alice.id}`, playerId: alice.id, currency: 'USD', amount: 4_000 });
    await play(alice, 100, 250);
    await play(alice, 200, 0);
    await play(bob, 500, 1_000);
  });
  afterAll(() => app.closeAll());

  const ledger = async (player: { id: string }, query = '', authorization = support.authorization) =>
    app.inject({ url: `/api/operator/players/${player.id}/ledger${query}`, headers: { authorization } });
  const page = async (player: { id: string }, query = ''): Promise<Page> => {
    const answer = await ledger(player, query);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it("shows each player's own movements newest first, with the balance each left", async () => {
    const { items, next_before } = await page(alice);
    // Alice's lost round shows as its bet: the win of nothing is left out.
    expect(items.map((item) => [item.kind, item.currency, item.amount_cents])).toEqual([
      ['bet', 'EUR', -200],
      ['win', 'EUR', 250],
      ['bet', 'EUR', -100],
      ['deposit', 'USD', 4_000],
      ['deposit', 'EUR', 10_000],
    ]);
    expect(items.map((item) => item.real_balance_after_cents)).toEqual([9_950, 10_150, 9_900, 4_000, 10_000]);
    expect(items[0]).toMatchObject({ game_code: 'golden-drachma', round: expect.any(String) });
    expect(next_before).toBeNull();

    const bobs = await page(bob);
    expect(bobs.items.map((item) => [item.kind, item.amount_cents])).toEqual([
      ['win', 1_000],
      ['bet', -500],
      ['deposit', 7_000],
    ]);
    const aliceIds = new Set(items.map((item) => item.id));
    expect(bobs.items.some((item) => aliceIds.has(item.id))).toBe(false);
  });

  it('filters by kind and currency', async () => {
    expect((await page(alice, '?kind=deposit')).items.map((item) => item.currency)).toEqual(['USD', 'EUR']);
    expect((await page(alice, '?kind=deposit&currency=USD')).items.map((item) => item.amount_cents)).toEqual([
      4_000,
    ]);
    expect((await page(alice, '?kind=win')).items.map((item) => item.amount_cents)).toEqual([250]);
    expect((await page(bob, '?currency=USD')).items).toEqual([]);
    expect((await page(alice, '?kind=adjustment')).items).toEqual([]);
    expect((await ledger(alice, '?kind=jackpot')).statusCode).toBe(422);
    expect((await ledger(alice, '?currency=eur')).statusCode).toBe(422);
    expect((await ledger(alice, '?from=yesterday')).statusCode).toBe(422);
  });

  it('pages back by the id of the last movement seen', async () => {
    const all = (await page(alice)).items.map((item) => item.id);
    const first = await page(alice, '?limit=2');
    expect(first.items.map((item) => item.id)).toEqual(all.slice(0, 2));
    expect(first.next_before).toBe(all[1]);
    const second = await page(alice, `?limit=2&before=${first.next_before}`);
    expect(second.items.map((item) => item.id)).toEqual(all.slice(2, 4));
    const last = await page(alice, `?limit=2&before=${second.next_before}`);
    expect(last.items.map((item) => item.id)).toEqual(all.slice(4));
    expect(last.next_before).toBeNull();
  });

  it('is refused to a role that may not read it, and not found for an unknown player', async () => {
    const refused = await ledger(alice, '', marketing.authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes).toEqual({ base: ['operators.forbidden'] });
    expect((await ledger({ id: randomUUID() })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/operator/players/${alice.id}/ledger` })).statusCode).toBe(401);
  });
});
