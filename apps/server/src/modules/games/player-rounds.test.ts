import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { openStudioSession } from '@chrysos/games/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';
import { openGameSession } from '../wallet/public.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const dice = 'hi-lo-dice';

interface StudioRound {
  id: string;
  payout: number | null;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
}
type Round = {
  id: number;
  round: string;
  game_code: string | null;
  game_title: string | null;
  status: string;
  stake_cents: number;
  win_cents: number;
  closed_at: string | null;
  fairness: {
    server_seed: string | null;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
  } | null;
};
type Page = { items: Round[]; next_before: number | null };

/**
 * A player's game rounds on Player 360 (issue 38), for two players who played differently: each shows
 * only their own, filtered by game and paged back; the in-house studio's rounds carry what verifies
 * them, the server seed once the player rotated the pair.
 */
describe.each(testDatabaseKinds)("an operator reads a player's rounds on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let risk: Awaited<ReturnType<typeof newOperatorToken>>;
  let marketing: Awaited<ReturnType<typeof newOperatorToken>>;
  let alice: TestPlayer & { session: string };
  let bob: TestPlayer & { session: string };
  let aliceDice: StudioRound[];
  let bobDice: StudioRound;
  let aliceSlot: string;

  /** A player with `funded` EUR, playing dice for real money in a studio session. */
  const player = async (funded: number) => {
    const created = await newPlayer(app, { funded });
    const walletToken = await openGameSession(app.database.db, {
      playerId: created.id,
      currency: 'EUR',
      studio: houseStudio,
      gameCode: dice,
    });
    const session = await openStudioSession(app.database.db, {
      mode: 'real',
      titleId: dice,
      language: 'en',
      user: created.id,
      walletToken,
      currency: 'EUR',
    });
    return { ...created, session };
  };
  const studio = (session: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: { 'x-studio-session': session }, payload });
  const play = async (session: string, stake: number): Promise<StudioRound> => {
    const answer = await studio(session, 'POST', '/games-api/rounds', {
      bet: { stake, direction: 'under', target: 49.5 },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
    [risk, marketing] = await Promise.all([
      newOperatorToken(app, 'risk'),
      newOperatorToken(app, 'marketing'),
    ]);
    alice = await player(5_000);
    bob = await player(3_000);
    aliceDice = [await play(alice.session, 100), await play(alice.session, 300)];
    bobDice = await play(bob.session, 200);
    // A round of another studio's slot, left open: no fairness data, no close.
    aliceSlot = randomUUID();
    await app.wallet.bet({
      playerId: alice.id,
      currency: 'EUR',
      round: aliceSlot,
      gameCode: 'golden-drachma',
      key: `other:bet-${aliceSlot}`,
      amount: 50,
    });
  });
  afterAll(() => app.closeAll());

  const rounds = (player: { id: string }, query = '', authorization = risk.authorization) =>
    app.inject({ url: `/api/operator/players/${player.id}/rounds${query}`, headers: { authorization } });
  const page = async (player: { id: string }, query = ''): Promise<Page> => {
    const answer = await rounds(player, query);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it("lists each player's own rounds newest first, with the studio's fairness data", async () => {
    const { items, next_before } = await page(alice);
    expect(items.map((round) => [round.round, round.game_code, round.status, round.stake_cents])).toEqual([
      [aliceSlot, 'golden-drachma', 'open', 50],
      [aliceDice[1]?.id, dice, 'settled', 300],
      [aliceDice[0]?.id, dice, 'settled', 100],
    ]);
    expect(next_before).toBeNull();
    const [slot, last] = items;
    expect(slot).toMatchObject({ win_cents: 0, closed_at: null, fairness: null });
    expect(last).toMatchObject({ game_title: 'Hi-Lo Dice', win_cents: aliceDice[1]?.payout ?? 0 });
    expect(last?.closed_at).toEqual(expect.any(String));
    // The seed pair is still in use: its hash is shown, the seed itself not yet.
    expect(last?.fairness).toMatchObject({
      server_seed_hash: aliceDice[1]?.fairness.serverSeedHash,
      client_seed: aliceDice[1]?.fairness.clientSeed,
      nonce: aliceDice[1]?.fairness.nonce,
      server_seed: null,
    });

    const bobs = await page(bob);
    expect(bobs.items.map((round) => [round.round, round.stake_cents])).toEqual([[bobDice.id, 200]]);
  });

  it('reveals the server seed once the player rotated the pair, and it verifies the round', async () => {
    const rotated = await studio(alice.session, 'PUT', '/games-api/seeds', { client_seed: 'alice-next' });
    expect(rotated.statusCode).toBe(200);
    const round = (await page(alice, `?game=${dice}`)).items[0];
    expect(round?.round).toBe(aliceDice[1]?.id);
    expect(round?.fairness?.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const verified = await app.inject({
      method: 'POST',
      url: '/games-api/verify',
      payload: { ...round?.fairness },
    });
    expect(verified.json()).toMatchObject({
      server_seed_hash: aliceDice[1]?.fairness.serverSeedHash,
      payout: aliceDice[1]?.payout,
    });
    // Bob's pair is not rotated: his seed stays hidden.
    expect((await page(bob)).items[0]?.fairness?.server_seed).toBeNull();
  });

  it('filters by game and pages back by the id of the last round seen', async () => {
    expect((await page(alice, '?game=golden-drachma')).items.map((round) => round.round)).toEqual([
      aliceSlot,
    ]);
    expect((await page(bob, '?game=golden-drachma')).items).toEqual([]);
    const first = await page(alice, '?limit=2');
    expect(first.items.map((round) => round.round)).toEqual([aliceSlot, aliceDice[1]?.id]);
    expect(first.next_before).toBe(first.items[1]?.id);
    const second = await page(alice, `?limit=2&before=${first.next_before}`);
    expect(second.items.map((round) => round.round)).toEqual([aliceDice[0]?.id]);
    expect(second.next_before).toBeNull();
    expect((await rounds(alice, '?limit=500')).statusCode).toBe(422);
  });

  it('is refused to a role that may not read it, and not found for an unknown player', async () => {
    const refused = await rounds(alice, '', marketing.authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes).toEqual({ base: ['operators.forbidden'] });
    expect((await rounds({ id: randomUUID() })).statusCode).toBe(404);
  });
});
