import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { engines } from '@chrysos/games/math';
import { WalletPurse } from '@chrysos/games/rounds/purse';
import { RoundRefused, RoundService } from '@chrysos/games/rounds/round-service';
import { openStudioSession } from '@chrysos/games/sessions';
import * as studioSchema from '@chrysos/games/storage';
import { titleById } from '@chrysos/games/titles';
import { WalletClient, type WalletTransport } from '@chrysos/games/wallet-client';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { openGameSession } from '../wallet/public.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';
const dice = 'hi-lo-dice';
const blackjack = 'classic-blackjack';

describe.each(testDatabaseKinds)('the in-house studio playing through the wallet on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  /** A player with `cents` EUR, launched into a title for real money. */
  async function launch(title: string, cents: number) {
    const [player] = await app.database.db
      .insert(schema.players)
      .values({
        email: `player-${crypto.randomUUID()}@example.gr`,
        currency: 'EUR',
        termsAcceptance: true,
        ageAcceptance: true,
      })
      .returning({ id: schema.players.id });
    const user = player?.id ?? '';
    if (cents > 0)
      await app.wallet.deposit({ key: `deposit-${user}`, playerId: user, currency: 'EUR', amount: cents });
    const walletToken = await openGameSession(app.database.db, {
      playerId: user,
      currency: 'EUR',
      studio: houseStudio,
      gameCode: title,
    });
    const session = await openStudioSession(app.database.db, {
      mode: 'real',
      titleId: title,
      language: 'en',
      user,
      walletToken,
      currency: 'EUR',
    });
    return { user, walletToken, session };
  }

  const call = (session: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-studio-session': session },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const balanceOf = async (user: string) => {
    const { real, bonus } = await app.wallet.ledger.balances(user, 'EUR');
    return real + bonus;
  };
  /** The wallet transactions booked for a round, by kind. */
  const bookedFor = async (round: string) =>
    (
      await app.database.db
        .select({ kind: schema.ledgerTransactions.kind, amount: schema.ledgerTransactions.amount })
        .from(schema.ledgerTransactions)
        .where(eq(schema.ledgerTransactions.round, round))
    ).sort((a, b) => a.kind.localeCompare(b.kind));
  const roundRow = async (id: string) =>
    (
      await app.database.db
        .select()
        .from(studioSchema.studioRounds)
        .where(eq(studioSchema.studioRounds.id, id))
    )[0];

  it('shows the session: balance from the wallet, the seed hash before play, the limits', async () => {
    const { session } = await launch(dice, 5_000);
    const response = await call(session, 'GET', '/games-api/session');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ mode: 'real', currency: 'EUR', subunits: 100, balance: 5_000 });
    expect(body.fairness.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.fairness.nonce).toBe(0);
  });

  it('books a round’s bet and win once each and answers the wallet’s balance', async () => {
    const { user, session } = await launch(dice, 5_000);
    const response = await call(session, 'POST', '/games-api/rounds', {
      bet: { stake: 100, direction: 'under', target: 50 },
    });
    expect(response.statusCode).toBe(200);
    const round = response.json();
    expect(round.finished).toBe(true);
    expect(round.balance).toBe(5_000 - 100 + round.payout);
    expect(await balanceOf(user)).toBe(round.balance);
    expect(await bookedFor(round.id)).toEqual([
      { kind: 'bet', amount: 100 },
      { kind: 'win', amount: round.payout },
    ]);
    expect((await roundRow(round.id))?.status).toBe('closed');
  });

  it('shows a refusal when the wallet lacks the stake, taking nothing', async () => {
    const { user, session } = await launch(dice, 50);
    const response = await call(session, 'POST', '/games-api/rounds', {
      bet: { stake: 100, direction: 'over', target: 50 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      errors: { round: ['RS_ERROR_NOT_ENOUGH_MONEY'] },
      codes: { round: ['studio.refused'] },
      params: { round: [{ reason: 'RS_ERROR_NOT_ENOUGH_MONEY' }] },
      balance: 50,
    });
    expect(await balanceOf(user)).toBe(50);
  });

  it('refuses a malformed bet with the field at fault', async () => {
    const { session } = await launch(dice, 5_000);
    const response = await call(session, 'POST', '/games-api/rounds', { bet: { stake: -5 } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toHaveLength(1);
    // The code says what kind of refusal it is, whatever the engine's words.
    const [code] = Object.values(response.json().codes as Record<string, string[]>).flat();
    expect(code).toMatch(/^studio\.invalid_(bet|stake)$/);
  });

  it('refuses calls without a live session', async () => {
    const response = await call('no-such-session', 'GET', '/games-api/session');
    expect(response.statusCode).toBe(401);
  });

  /** A transport to the real wallet whose answers can be lost on the way back, as on a bad network. */
  function lossyTransport(lose: (path: string, attempt: number) => boolean): WalletTransport {
    const attempts = new Map<string, number>();
    return async (path, body, headers) => {
      const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
      const key = `${path}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (lose(path, attempt)) throw new Error('connection reset');
      return { status: response.statusCode, body: response.body };
    };
  }
  const serviceWith = (transport: WalletTransport) => {
    const wallet = new WalletClient({
      transport,
      studio: houseStudio,
      secret,
      retry: { attempts: 4, baseDelayMs: 1 },
    });
    return {
      wallet,
      rounds: new RoundService({ db: app.database.db, engines, titleById }),
    };
  };
  const contextFor = (
    launched: { user: string; walletToken: string; session: string },
    wallet: WalletClient,
    title = dice,
  ) => {
    const found = titleById(title);
    if (!found) throw new Error(`no title ${title}`);
    return {
      sessionHash: `test-${launched.session}`,
      mode: 'real' as const,
      owner: launched.user,
      currency: 'EUR',
      subunits: 100,
      title: found,
      purse: new WalletPurse(
        wallet,
        { user: launched.user, token: launched.walletToken, currency: 'EUR' },
        title,
      ),
    };
  };

  it('books the bet and the win exactly once when answers are lost and the calls retried', async () => {
    const launched = await launch(dice, 5_000);
    // Every call's first two answers are lost after the wallet booked it.
    const { wallet, rounds } = serviceWith(lossyTransport((_path, attempt) => attempt <= 2));
    const round = await rounds.play(contextFor(launched, wallet), {
      stake: 200,
      direction: 'over',
      target: 40,
    });
    expect(await bookedFor(round.id)).toEqual([
      { kind: 'bet', amount: 200 },
      { kind: 'win', amount: round.payout },
    ]);
    expect(await balanceOf(launched.user)).toBe(5_000 - 200 + (round.payout ?? 0));
  });

  it('gives a stake of unknown fate back, and recovery settles a win the wallet never acknowledged', async () => {
    const launched = await launch(dice, 5_000);
    // The wallet books the bet but no answer ever comes back, nor for the rollback.
    const down = serviceWith(lossyTransport(() => true));
    await expect(
      down.rounds.play(contextFor(launched, down.wallet), { stake: 300, direction: 'under', target: 60 }),
    ).rejects.toBeInstanceOf(RoundRefused);
    const [open] = await app.database.db
      .select()
      .from(studioSchema.studioRounds)
      .where(eq(studioSchema.studioRounds.owner, launched.user));
    expect(open).toMatchObject({ status: 'open', phase: 'betting' });

    // Bet booked, win lost: the round waits, settling.
    const winLost = serviceWith(lossyTransport((path) => path.endsWith('/win')));
    const settling = await winLost.rounds.play(contextFor(launched, winLost.wallet), {
      stake: 100,
      direction: 'under',
      target: 95,
    });
    expect(settling.settling).toBe(true);
    expect((await roundRow(settling.id))?.phase).toBe('settling');

    // Recovery with the wallet back: the unknown stake is returned, the decided win paid.
    const healthy = serviceWith(lossyTransport(() => false));
    const recovered = await healthy.rounds.recover(async () => contextFor(launched, healthy.wallet).purse, {
      idleMs: 0,
      abandonMs: 60_000,
    });
    expect(recovered).toBeGreaterThanOrEqual(2);
    expect((await roundRow(open?.id ?? ''))?.status).toBe('rolled_back');
    expect((await roundRow(settling.id))?.status).toBe('closed');
    expect(await bookedFor(open?.id ?? '')).toEqual([
      { kind: 'bet', amount: 300 },
      { kind: 'rollback', amount: 300 },
    ]);
    expect(await balanceOf(launched.user)).toBe(5_000 - 100 + (settling.payout ?? 0));
    const stillOpen = await app.database.db
      .select()
      .from(studioSchema.studioRounds)
      .where(eq(studioSchema.studioRounds.status, 'open'));
    expect(stillOpen.filter((round) => round.owner === launched.user)).toEqual([]);
  });

  it('keeps the server seed secret while a hand is open: no rotation mid-round', async () => {
    const { session } = await launch(blackjack, 100_000);
    let round: { id: string; finished: boolean } | undefined;
    for (let i = 0; i < 20 && !(round && !round.finished); i++) {
      round = (await call(session, 'POST', '/games-api/rounds', { bet: { stake: 500 } })).json();
    }
    if (!round || round.finished) throw new Error('no open hand in 20 deals');
    const refused = await call(session, 'PUT', '/games-api/seeds', { client_seed: 'peek' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errors: { round: ['ROUND_OPEN'] },
      codes: { round: ['studio.round_open'] },
    });
    await call(session, 'POST', `/games-api/rounds/${round.id}/actions`, { action: 'stand' });
    expect((await call(session, 'PUT', '/games-api/seeds', { client_seed: 'peek' })).statusCode).toBe(200);
  });

  it('takes a double’s extra stake as a second bet of the round', async () => {
    const { user, session } = await launch(blackjack, 100_000);
    // Deal until a hand waits for the player (no blackjack on either side).
    let round: { id: string; finished: boolean } | undefined;
    for (let i = 0; i < 20 && !(round && !round.finished); i++) {
      round = (await call(session, 'POST', '/games-api/rounds', { bet: { stake: 500 } })).json();
    }
    if (!round || round.finished) throw new Error('no open hand in 20 deals');
    const doubled = await call(session, 'POST', `/games-api/rounds/${round.id}/actions`, {
      action: 'double',
    });
    expect(doubled.statusCode).toBe(200);
    const body = doubled.json();
    expect(body).toMatchObject({ finished: true, stake: 1_000 });
    const booked = await bookedFor(round.id);
    expect(booked.filter((entry) => entry.kind === 'bet').map((entry) => entry.amount)).toEqual([500, 500]);
    expect(booked.find((entry) => entry.kind === 'win')?.amount).toBe(body.payout);
    // The same decision sent again finds the round closed.
    const again = await call(session, 'POST', `/games-api/rounds/${round.id}/actions`, { action: 'double' });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(user)).toBe(body.balance);
  });

  it('reveals the server seed on rotation, and the verification recomputes the round shown', async () => {
    const { session } = await launch(dice, 5_000);
    const before = (await call(session, 'GET', '/games-api/session')).json();
    const played = (
      await call(session, 'POST', '/games-api/rounds', { bet: { stake: 100, direction: 'over', target: 30 } })
    ).json();
    const rotated = await call(session, 'PUT', '/games-api/seeds', { client_seed: 'my-own-seed' });
    expect(rotated.statusCode).toBe(200);
    const { revealed, fairness } = rotated.json();
    expect(revealed.server_seed_hash).toBe(before.fairness.server_seed_hash);
    expect(fairness).toMatchObject({ client_seed: 'my-own-seed', nonce: 0 });
    expect(fairness.server_seed_hash).not.toBe(before.fairness.server_seed_hash);

    const past = (await call(session, 'GET', `/games-api/rounds/${played.id}`)).json();
    expect(past.server_seed).toBe(revealed.server_seed);
    const verified = await app.inject({
      method: 'POST',
      url: '/games-api/verify',
      payload: {
        game: dice,
        server_seed: past.server_seed,
        client_seed: past.client_seed,
        nonce: past.nonce,
        bet: past.bet,
        actions: past.actions,
      },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      server_seed_hash: before.fairness.server_seed_hash,
      payout: played.payout,
      view: played.view,
    });
  });

  it('refuses a body its endpoint’s schema does not read with the code of the field, before any round', async () => {
    const { user, session } = await launch(dice, 5_000);
    const codesOf = async (response: Awaited<ReturnType<typeof call>>) => {
      expect(response.statusCode, response.body).toBe(422);
      return response.json().codes;
    };
    expect(await codesOf(await call(session, 'PUT', '/games-api/seeds', { client_seed: 7 }))).toEqual({
      client_seed: ['studio.invalid_client_seed'],
    });
    expect(await codesOf(await call(session, 'PUT', '/games-api/seeds', ['seed']))).toEqual({
      client_seed: ['studio.invalid_client_seed'],
    });
    expect(await codesOf(await call(session, 'POST', '/games-api/rounds', [100]))).toEqual({
      bet: ['studio.invalid_bet'],
    });
    const verify = {
      game: dice,
      server_seed: 'a'.repeat(64),
      client_seed: 'c',
      nonce: 0,
      bet: { stake: 100, direction: 'over', target: 50 },
      actions: [],
    };
    const verifyCodes = async (payload: object) =>
      codesOf(await app.inject({ method: 'POST', url: '/games-api/verify', payload }));
    expect(await verifyCodes({ ...verify, game: 3 })).toEqual({ game: ['studio.unknown_game'] });
    expect(await verifyCodes({ ...verify, server_seed: null })).toEqual({
      server_seed: ['studio.invalid_server_seed'],
    });
    expect(await verifyCodes({ ...verify, nonce: '0' })).toEqual({ nonce: ['studio.invalid_nonce'] });
    expect(await verifyCodes({ ...verify, actions: 'hit' })).toEqual({ actions: ['studio.invalid_action'] });
    expect((await app.inject({ method: 'POST', url: '/games-api/verify', payload: verify })).statusCode).toBe(
      200,
    );
    expect(await balanceOf(user)).toBe(5_000);
    expect((await call(session, 'GET', '/games-api/rounds')).json()).toEqual({ rounds: [] });
  });

  it('plays demo rounds on play money without touching the wallet', async () => {
    const session = await openStudioSession(app.database.db, {
      mode: 'demo',
      titleId: dice,
      language: 'el',
      currency: 'EUR',
      subunits: 100,
    });
    const start = (await call(session, 'GET', '/games-api/session')).json();
    expect(start).toMatchObject({ mode: 'demo', balance: 100_000 });
    const round = (
      await call(session, 'POST', '/games-api/rounds', {
        bet: { stake: 1_000, direction: 'under', target: 50 },
      })
    ).json();
    expect(round.balance).toBe(100_000 - 1_000 + round.payout);
    const touched = await app.database.db
      .select()
      .from(schema.ledgerTransactions)
      .where(like(schema.ledgerTransactions.idempotencyKey, `%${round.id}%`));
    expect(touched).toEqual([]);
  });
});
