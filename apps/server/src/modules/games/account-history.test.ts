import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { openStudioSession } from '@chrysos/games/sessions';
import { signLaunch } from '@chrysos/wallet-protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { openGameSession } from '../wallet/public.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';
const dice = 'hi-lo-dice';

interface Round {
  id: string;
  stake: number;
  payout: number | null;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
}

/**
 * The account history players are owed (UK Gambling Commission RTS 1), as two players with different
 * histories read it: each their own win/loss over the period and net deposits, and each round of
 * theirs with its stake, win, balances and what verifies it; another player's round is not found.
 */
describe.each(testDatabaseKinds)('the account history players are owed on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  /** A signed-up player with `deposit` EUR, playing dice for real money in a studio session. */
  async function player(email: string, deposit: number) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email,
          password: 'correct horse battery',
          country: 'GR',
          currency: 'EUR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const id: string = created.json().id;
    await app.wallet.deposit({ key: `deposit:${id}`, playerId: id, currency: 'EUR', amount: deposit });
    const walletToken = await openGameSession(app.database.db, {
      playerId: id,
      currency: 'EUR',
      studio: houseStudio,
      gameCode: dice,
    });
    const session = await openStudioSession(app.database.db, {
      mode: 'real',
      titleId: dice,
      language: 'en',
      user: id,
      walletToken,
      currency: 'EUR',
    });
    return { id, cookie: cookieOf(created), session };
  }

  const studio = (session: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: { 'x-studio-session': session }, payload });
  const play = async (session: string, stake: number): Promise<Round> => {
    const answer = await studio(session, 'POST', '/games-api/rounds', {
      bet: { stake, direction: 'under', target: 49.5 },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const get = (cookie: string, url: string) => app.inject({ url, headers: { cookie } });

  let alice: Awaited<ReturnType<typeof player>>;
  let bob: Awaited<ReturnType<typeof player>>;
  let aliceRounds: Round[] = [];
  let bobRound: Round;

  beforeAll(async () => {
    alice = await player('alice-history@example.gr', 5_000);
    bob = await player('bob-history@example.gr', 2_000);
    aliceRounds = [await play(alice.session, 100), await play(alice.session, 300)];
    bobRound = await play(bob.session, 200);
    // Bob withdrew 500, paid out to his card.
    await app.wallet.holdWithdrawal({
      key: `hold:${bob.id}`,
      playerId: bob.id,
      currency: 'EUR',
      amount: 500,
    });
    await app.wallet.payOut({
      key: `payout:${bob.id}`,
      reference: `hold:${bob.id}`,
      playerId: bob.id,
      currency: 'EUR',
      amount: 500,
    });
  });

  const won = (rounds: Round[]) => rounds.reduce((sum, round) => sum + (round.payout ?? 0), 0);

  it('gives each player their own win/loss and lifetime net deposits', async () => {
    const aliceTotals = (await get(alice.cookie, '/api/player/transactions/totals')).json();
    expect(aliceTotals).toEqual({
      from: null,
      to: null,
      currencies: [
        {
          currency: 'EUR',
          staked_cents: 400,
          won_cents: won(aliceRounds),
          win_loss_cents: won(aliceRounds) - 400,
          deposited_cents: 5_000,
          withdrawn_cents: 0,
          net_deposits_cents: 5_000,
        },
      ],
    });
    const bobTotals = (await get(bob.cookie, '/api/player/transactions/totals')).json();
    expect(bobTotals.currencies).toEqual([
      {
        currency: 'EUR',
        staked_cents: 200,
        won_cents: won([bobRound]),
        win_loss_cents: won([bobRound]) - 200,
        deposited_cents: 2_000,
        withdrawn_cents: 500,
        net_deposits_cents: 1_500,
      },
    ]);
  });

  it("counts the rounds of the filter's period only, and deposits over the account's life", async () => {
    // Alice's first round was played on 1 March 2026 (its bet and win booked that day).
    const first = aliceRounds[0];
    await app.database.db
      .update(schema.ledgerTransactions)
      .set({ createdAt: new Date('2026-03-01T12:00:00Z') })
      .where(eq(schema.ledgerTransactions.round, first?.id ?? ''));
    const march = (
      await get(alice.cookie, '/api/player/transactions/totals?from=2026-03-01&to=2026-03-01')
    ).json();
    expect(march.from).toBe('2026-03-01');
    expect(march.currencies[0]).toMatchObject({
      staked_cents: 100,
      won_cents: first?.payout ?? 0,
      net_deposits_cents: 5_000,
    });
    const after = (await get(alice.cookie, '/api/player/transactions/totals?from=2026-03-02')).json();
    expect(after.currencies[0]).toMatchObject({ staked_cents: 300, won_cents: won(aliceRounds.slice(1)) });
    const bad = await get(alice.cookie, '/api/player/transactions/totals?from=yesterday');
    expect(bad.statusCode).toBe(422);
    expect((await app.inject({ url: '/api/player/transactions/totals' })).statusCode).toBe(401);
  });

  it("opens a player's own round with its stake, win and balances, and not another player's", async () => {
    const round = aliceRounds[1];
    const answer = await get(alice.cookie, `/api/player/rounds/${round?.id}?locale=en`);
    expect(answer.statusCode).toBe(200);
    const detail = answer.json();
    const payout = round?.payout ?? 0;
    expect(detail).toMatchObject({
      round: round?.id,
      currency: 'EUR',
      game_code: dice,
      game_title: 'Hi-Lo Dice',
      status: 'settled',
      stake_cents: 300,
      win_cents: payout,
      balance_before_cents: 5_000 - 100 + (aliceRounds[0]?.payout ?? 0),
      balance_after_cents: 5_000 - 400 + won(aliceRounds),
    });
    // The seed pair is still in use: its hash is shown, the seed itself not yet.
    expect(detail.fairness).toEqual({
      game: dice,
      client_seed: round?.fairness.clientSeed,
      nonce: round?.fairness.nonce,
      server_seed_hash: round?.fairness.serverSeedHash,
      server_seed: null,
      bet: expect.objectContaining({ stake: 300, direction: 'under', target: 49.5 }),
      actions: [],
    });

    const others = await get(bob.cookie, `/api/player/rounds/${round?.id}`);
    expect(others.statusCode).toBe(404);
    expect(others.json().codes).toEqual({ round: ['games.round_not_found'] });
    expect((await get(bob.cookie, `/api/player/rounds/${bobRound.id}`)).json().stake_cents).toBe(200);
    expect((await app.inject({ url: `/api/player/rounds/${round?.id}` })).statusCode).toBe(401);
  });

  it('gives the server seed once the player rotated the pair, and it verifies the round', async () => {
    const rotated = await studio(alice.session, 'PUT', '/games-api/seeds', { client_seed: 'alice-next' });
    expect(rotated.statusCode).toBe(200);
    const round = aliceRounds[1];
    const { fairness } = (await get(alice.cookie, `/api/player/rounds/${round?.id}`)).json();
    expect(fairness.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const verified = await app.inject({
      method: 'POST',
      url: '/games-api/verify',
      payload: {
        game: fairness.game,
        server_seed: fairness.server_seed,
        client_seed: fairness.client_seed,
        nonce: fairness.nonce,
        bet: fairness.bet,
        actions: fairness.actions,
      },
    });
    expect(verified.json()).toMatchObject({
      server_seed_hash: round?.fairness.serverSeedHash,
      payout: round?.payout,
    });
  });

  it("answers the studio's round lookup only when signed, and only for the round's own player", async () => {
    const round = aliceRounds[0]?.id ?? '';
    const ask = (body: object, signed = true) =>
      app.inject({
        method: 'POST',
        url: '/games-api/operator/rounds',
        headers: signed
          ? signLaunch(houseStudio, JSON.stringify(body), secret)
          : { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await ask({ user: alice.id, round })).statusCode).toBe(200);
    expect((await ask({ user: alice.id, round }, false)).statusCode).toBe(401);
    expect((await ask({ user: bob.id, round })).statusCode).toBe(404);
    expect((await ask({ user: bob.id, round: 'not-a-round' })).statusCode).toBe(422);
  });
});
