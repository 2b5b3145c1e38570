import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { engines } from '@chrysos/games/math';
import { WalletPurse } from '@chrysos/games/rounds/purse';
import { RoundRefused, RoundService } from '@chrysos/games/rounds/round-service';
import * as studioSchema from '@chrysos/games/storage';
import { titleById } from '@chrysos/games/titles';
import { WalletClient } from '@chrysos/games/wallet-client';
import { launchPath, signLaunch } from '@chrysos/wallet-protocol';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newFreeSpins, newGameSession, newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { houseStudio } from './config.ts';
import { launchGame } from './launch-game.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';
/** A ten-line video slot taking €0.10 to €50: a free spin of €1.00 fits it. */
const slot = 'golden-drachma';

describe.each(testDatabaseKinds)('free spins played in the studio on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, STUDIO_SECRET: secret });
  });
  afterAll(() => app.closeAll());

  /** The operator's launch call, signed as the platform signs it. */
  const launchCall = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return app.inject({
      method: 'POST',
      url: launchPath,
      headers: signLaunch(houseStudio, body, secret),
      payload: body,
    });
  };
  const sessionIdOf = (gameUrl: string) =>
    new URL(gameUrl, 'https://casino.test').searchParams.get('session') ?? '';

  /** A funded player with a wallet token for `game`, and a launch of that game with `freespins`. */
  async function seat(options: { funded?: number; game?: string } = {}) {
    const game = options.game ?? slot;
    const player = await newPlayer(app, { funded: options.funded ?? 1_000 });
    // The bonus engine's started spins stand behind the studio's free bets: the wallet refuses a free
    // bet that none pays for (issue 31 item 4).
    if (game === slot) await newFreeSpins(app, player, { gameCode: game, count: 1_000 });
    const token = await newGameSession(app, player, { gameCode: game });
    const launch = (freespins: unknown) =>
      launchCall({
        mode: 'real',
        game_code: game,
        language: 'en',
        currency: 'EUR',
        user: player.id,
        token,
        freespins,
      });
    return { player, token, launch };
  }

  /** Launches and answers the studio session id the game URL carries. */
  async function opened(response: Awaited<ReturnType<typeof launchCall>>) {
    expect(response.statusCode, response.body).toBe(200);
    return sessionIdOf(response.json().game_url);
  }

  const studio = (session: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-studio-session': session },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stateOf = async (session: string) => (await studio(session, 'GET', '/games-api/session')).json();
  const spin = async (session: string, stake: number) => {
    const response = await studio(session, 'POST', '/games-api/rounds', { bet: { stake } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const money = (player: TestPlayer) => app.wallet.ledger.balances(player.id, 'EUR');
  const betsOf = async (round: string) =>
    app.database.db
      .select({ kind: schema.ledgerTransactions.kind, amount: schema.ledgerTransactions.amount })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.round, round));

  it('plays the spins at the grant’s stake as free bets, their winnings bonus money, then paid rounds', async () => {
    const { player, launch } = await seat({ funded: 1_000 });
    const grant = randomUUID();
    const session = await opened(await launch({ grant, count: 3, stake: 100 }));
    expect((await stateOf(session)).freespins).toEqual({ left: 3, total: 3, won: 0, stake: 100 });

    let won = 0;
    for (const left of [2, 1, 0]) {
      // The player asks for €20 a spin: a free spin is played at the grant's €1.00 whatever the bet says.
      const round = await spin(session, 2_000);
      expect(round).toMatchObject({ status: 'closed', stake: 100 });
      won += round.payout;
      expect(round.freespins).toEqual({ left, total: 3, won, stake: 100 });
      // The wallet records the bet with no money and pays the win to the bonus balance.
      expect(await betsOf(round.id)).toContainEqual({ kind: 'bet', amount: 0 });
      expect(await money(player)).toEqual({ real: 1_000, bonus: won, held: 0 });
    }
    const [grantRound] = await app.database.db
      .select({ freeGrant: studioSchema.studioRounds.freeGrant })
      .from(studioSchema.studioRounds)
      .where(eq(studioSchema.studioRounds.owner, player.id))
      .limit(1);
    expect(grantRound?.freeGrant).toBe(grant);

    // The spins are over: the stake is the player's again and real money pays it.
    const paid = await spin(session, 200);
    expect(paid.stake).toBe(200);
    expect(paid.freespins).toBeUndefined();
    expect(await betsOf(paid.id)).toContainEqual({ kind: 'bet', amount: 200 });
    expect((await money(player)).real).toBe(1_000 - 200 + paid.payout);
    expect((await stateOf(session)).freespins).toEqual({ left: 0, total: 3, won, stake: 100 });
  });

  it('continues a grant after a reload and a second launch, never adding spins', async () => {
    const { launch } = await seat();
    const grant = randomUUID();
    const first = await opened(await launch({ grant, count: 5, stake: 100 }));
    await spin(first, 100);
    const second = await spin(first, 100);
    const won = second.freespins.won;
    // A reload reads the same session: spin 3 of 5 is next.
    expect((await stateOf(first)).freespins).toEqual({ left: 3, total: 5, won, stake: 100 });
    // The platform launches the same grant again with the count it first gave: the studio keeps its own.
    const again = await opened(await launch({ grant, count: 5, stake: 100 }));
    expect(again).not.toBe(first);
    expect((await stateOf(again)).freespins).toEqual({ left: 3, total: 5, won, stake: 100 });
    // A lower count from the platform stands (it counted spins the studio has not); a higher one adds nothing.
    await opened(await launch({ grant, count: 2, stake: 100 }));
    expect((await stateOf(again)).freespins).toEqual({ left: 2, total: 5, won, stake: 100 });
    await opened(await launch({ grant, count: 4, stake: 100 }));
    expect((await stateOf(first)).freespins).toEqual({ left: 2, total: 5, won, stake: 100 });
    // Both sessions play from the one grant.
    expect((await spin(again, 100)).freespins.left).toBe(1);
    expect((await spin(first, 100)).freespins.left).toBe(0);
    expect((await spin(again, 100)).freespins).toBeUndefined();
  });

  it('does not count a spin the wallet refused', async () => {
    const { player, token, launch } = await seat();
    const session = await opened(await launch({ grant: randomUUID(), count: 2, stake: 100 }));
    // The platform's game session has ended: the wallet refuses the free bet.
    const tokenRow = eq(schema.gameSessions.playerId, player.id);
    await app.database.db
      .update(schema.gameSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(tokenRow);
    const refused = await studio(session, 'POST', '/games-api/rounds', { bet: { stake: 100 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().params).toEqual({ round: [{ reason: 'RS_ERROR_TOKEN_EXPIRED' }] });
    expect((await stateOf(session)).freespins).toEqual({ left: 2, total: 2, won: 0, stake: 100 });

    await app.database.db
      .update(schema.gameSessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(tokenRow);
    expect(token.length).toBeGreaterThan(0);
    const played = await spin(session, 100);
    expect(played.freespins).toMatchObject({ left: 1, total: 2 });
  });

  it('gives a spin back once recovery rolls back a stake whose fate the wallet never told', async () => {
    const { player, token, launch } = await seat();
    const grant = randomUUID();
    const session = await opened(await launch({ grant, count: 2, stake: 100 }));
    const title = titleById(slot);
    if (!title) throw new Error(`no title ${slot}`);
    /** The studio's rounds paying through a wallet whose answers are lost when `down` says so. */
    const service = (down: boolean) => {
      const wallet = new WalletClient({
        transport: async (path, body, headers) => {
          const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
          if (down) throw new Error('connection reset');
          return { status: response.statusCode, body: response.body };
        },
        studio: houseStudio,
        secret,
        retry: { attempts: 2, baseDelayMs: 1 },
      });
      const purse = new WalletPurse(wallet, { user: player.id, token, currency: 'EUR' }, slot);
      const rounds = new RoundService({ db: app.database.db, engines, titleById });
      const context = {
        sessionHash: `test-${session}`,
        mode: 'real' as const,
        owner: player.id,
        currency: 'EUR',
        subunits: 100,
        title,
        purse,
        freeGrant: grant,
      };
      return { rounds, purse, context };
    };

    const down = service(true);
    await expect(down.rounds.play(down.context, { stake: 100 })).rejects.toBeInstanceOf(RoundRefused);
    // The stake's fate is unknown: its spin stays taken until recovery decides.
    expect((await stateOf(session)).freespins).toMatchObject({ left: 1, total: 2 });

    const healthy = service(false);
    // Only this player's rounds are this purse's to settle.
    const recoverable = async (round: { owner: string }) =>
      round.owner === player.id ? healthy.purse : null;
    await healthy.rounds.recover(recoverable, { idleMs: 0, abandonMs: 60_000 });
    const [rolledBack] = await app.database.db
      .select({ status: studioSchema.studioRounds.status })
      .from(studioSchema.studioRounds)
      .where(eq(studioSchema.studioRounds.freeGrant, grant));
    expect(rolledBack?.status).toBe('rolled_back');
    expect((await stateOf(session)).freespins).toEqual({ left: 2, total: 2, won: 0, stake: 100 });
    // Recovery running again gives nothing more back.
    await healthy.rounds.recover(recoverable, { idleMs: 0, abandonMs: 60_000 });
    expect((await stateOf(session)).freespins).toMatchObject({ left: 2 });
    expect(await money(player)).toEqual({ real: 1_000, bonus: 0, held: 0 });
  });

  it('plays the last spin once when two rounds are asked for at once', async () => {
    const { launch } = await seat();
    const session = await opened(await launch({ grant: randomUUID(), count: 1, stake: 100 }));
    const rounds = await Promise.all([spin(session, 200), spin(session, 200)]);
    // One is the free spin at the grant's stake, the other a paid round at the player's.
    expect(rounds.map((round) => round.stake).sort((a, b) => a - b)).toEqual([100, 200]);
    expect((await stateOf(session)).freespins).toMatchObject({ left: 0, total: 1 });
  });

  it('refuses free spins on a game that is not a slot, at a stake the slot does not take, and another player’s grant', async () => {
    const sessions = async () =>
      (await app.database.db.select({ n: sql<number>`count(*)::int` }).from(studioSchema.studioSessions))[0]
        ?.n ?? 0;
    const before = await sessions();

    const roulette = await seat({ game: 'european-roulette' });
    const notSlot = await roulette.launch({ grant: randomUUID(), count: 10, stake: 100 });
    expect(notSlot.statusCode).toBe(422);
    expect(notSlot.json()).toEqual({
      errors: { freespins: ['The game european-roulette does not play free spins; only slots do.'] },
      codes: { freespins: ['studio.launch_freespins'] },
      params: { freespins: [{ game: 'european-roulette' }] },
    });

    const { launch } = await seat();
    // Not split evenly on ten lines, below the slot's least stake, above its greatest.
    for (const stake of [105, 5, 5_010]) {
      const response = await launch({ grant: randomUUID(), count: 10, stake });
      expect(response.statusCode).toBe(422);
      expect(response.json().codes).toEqual({ freespins: ['studio.launch_invalid'] });
    }
    for (const freespins of [
      { grant: 'not-a-uuid', count: 10, stake: 100 },
      { grant: randomUUID(), count: 0, stake: 100 },
      { grant: randomUUID(), count: 1_001, stake: 100 },
    ]) {
      const response = await launch(freespins);
      expect(response.statusCode).toBe(422);
      expect(response.json().codes).toEqual({ freespins: ['studio.launch_invalid'] });
    }
    expect(await sessions()).toBe(before);

    // One player's grant id cannot be launched for another, nor at another stake.
    const grant = randomUUID();
    await opened(await launch({ grant, count: 10, stake: 100 }));
    const someoneElse = await seat();
    const taken = await someoneElse.launch({ grant, count: 10, stake: 100 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().codes).toEqual({ freespins: ['studio.launch_invalid'] });
    expect((await launch({ grant, count: 10, stake: 200 })).json().codes).toEqual({
      freespins: ['studio.launch_invalid'],
    });
  });

  it('is launched by the platform’s launchGame with the bonus engine’s grant', async () => {
    const player = await newPlayer(app, { funded: 500 });
    await newFreeSpins(app, player, { gameCode: slot, count: 20 });
    const audience = { playerId: player.id, countries: [], currency: 'EUR', favorites: null };
    const freespins = { grant: randomUUID(), count: 20, stake: 50 };
    const launched = await launchGame(
      app.database.db,
      { provider: 'chrysos-originals', game: slot, mode: 'real', locale: 'el' },
      audience,
      'EUR',
      app.launchAtStudio,
      freespins,
    );
    const session = sessionIdOf(launched.game_url);
    expect(await stateOf(session)).toMatchObject({
      language: 'el',
      freespins: { left: 20, total: 20, won: 0, stake: 50 },
    });
    expect((await spin(session, 1_000)).freespins).toMatchObject({ left: 19, total: 20 });
    expect((await money(player)).real).toBe(500);

    // Without free spins the launch is an ordinary one.
    const plain = await launchGame(
      app.database.db,
      { provider: 'chrysos-originals', game: slot, mode: 'real', locale: 'en' },
      audience,
      'EUR',
      app.launchAtStudio,
    );
    expect((await stateOf(sessionIdOf(plain.game_url))).freespins).toBeNull();

    // A game the studio plays no free spins on is refused with its own code.
    const refused = await launchGame(
      app.database.db,
      { provider: 'olympus-tables', game: 'european-roulette', mode: 'real', locale: 'en' },
      audience,
      'EUR',
      app.launchAtStudio,
      freespins,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).problems).toEqual([{ field: 'game', code: 'games.no_freespins' }]);
  });
});
