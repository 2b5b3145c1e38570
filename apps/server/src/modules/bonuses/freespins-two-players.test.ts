import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';

/**
 * The guard of issue 31 for free spins: a grant is usable only by its player, on its game. Two players
 * of one game, one holding started spins of it: only the holder's free bets are paid, only the holder's
 * spins count them, and the holder's spins pay nothing on another game.
 */
describe.each(testDatabaseKinds)('free spins of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST', url: string) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie, 'accept-language': 'en' },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const spinsOf = async (player: TestPlayer) =>
    (await api(player, 'GET', '/player/freespins/')).json() as {
      id: string;
      stage: string;
      played: number;
    }[];

  it('pays only the holder’s free bets on the granted game and counts them on the holder’s spins', async () => {
    const holder = await newPlayer(app, { funded: 1_000 });
    const other = await newPlayer(app, { funded: 1_000 });
    const [granted] = (await api(holder, 'POST', '/bonuses/coupon?coupon_code=DRACHMA10')).json().freespins;
    expect((await api(holder, 'POST', `/player/freespins/${granted.id}/activation`)).statusCode).toBe(200);
    // The other player cannot start the holder's spins.
    expect((await api(other, 'POST', `/player/freespins/${granted.id}/activation`)).statusCode).toBe(404);

    const holderDrachma = await studioCalls(app, holder, { secret, gameCode: 'golden-drachma' });
    const otherDrachma = await studioCalls(app, other, { secret, gameCode: 'golden-drachma' });
    const holderZeus = await studioCalls(app, holder, { secret, gameCode: 'thunder-of-zeus' });
    expect(await holderDrachma.bet('holder-1', 20, { is_free: true })).toMatchObject({ status: 'RS_OK' });
    expect(await otherDrachma.bet('other-1', 20, { is_free: true })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(await holderZeus.bet('holder-zeus', 20, { is_free: true })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    expect(await holderDrachma.win('holder-1-win', 'holder-1', 60)).toMatchObject({ status: 'RS_OK' });
    await handlersCaughtUp(app.database.db);

    expect(await spinsOf(holder)).toEqual([expect.objectContaining({ stage: 'activated', played: 1 })]);
    expect(await spinsOf(other)).toEqual([]);
    expect(await app.wallet.ledger.balances(holder.id, 'EUR')).toEqual({ real: 1_000, bonus: 60, held: 0 });
    expect(await app.wallet.ledger.balances(other.id, 'EUR')).toEqual({ real: 1_000, bonus: 0, held: 0 });
  });

  it('lets a player launch only their own spins', async () => {
    const holder = await newPlayer(app, { funded: 1_000 });
    const other = await newPlayer(app, { funded: 1_000 });
    const [granted] = (await api(holder, 'POST', '/bonuses/coupon?coupon_code=DRACHMA10')).json().freespins;
    const started = await api(holder, 'POST', `/player/freespins/${granted.id}/activation`);
    expect(started.statusCode).toBe(200);
    const launch = (player: TestPlayer) =>
      app.inject({
        url: `/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=en&freespins=${granted.id}`,
        headers: { cookie: player.cookie, accept: 'application/vnd.s.v2+json' },
      });
    expect((await launch(holder)).statusCode).toBe(200);
    const refused = await launch(other);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().codes).toEqual({ freespins: ['bonuses.freespins_not_found'] });
  });
});
