import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-of-at-least-32-characters';

describe.each(testDatabaseKinds)('free spins from grant to bonus on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    app.inject({
      method,
      url: `/api${url}`,
      // The games API answers version 2 (spec §7); the bonus calls version 1.
      headers: {
        cookie: player.cookie,
        accept: url.startsWith('/games/') ? 'application/vnd.s.v2+json' : 'application/json',
        'accept-language': 'en',
      },
    });
  /** The player's game page launches with the spins, and the studio plays what the game client asks. */
  async function launch(player: TestPlayer, launchUrl: string) {
    const spins = new URL(launchUrl, 'https://casino.test').searchParams.get('freespins');
    const options = await api(
      player,
      'GET',
      `/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=en&freespins=${spins}`,
    );
    expect(options.statusCode, options.body).toBe(200);
    const session = new URL(options.json().game_url, 'https://casino.test').searchParams.get('session') ?? '';
    return {
      state: async () =>
        (
          await app.inject({
            method: 'GET',
            url: '/games-api/session',
            headers: { 'x-studio-session': session },
          })
        ).json(),
      spin: async () => {
        const round = await app.inject({
          method: 'POST',
          url: '/games-api/rounds',
          headers: { 'x-studio-session': session },
          payload: { bet: { stake: 20 } },
        });
        expect(round.statusCode, round.body).toBe(200);
        return round.json() as { payout: number; freespins?: { left: number; won: number } };
      },
    };
  }

  it('plays a coupon’s ten spins in Golden Drachma and turns their winnings into a bonus under wagering', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    const granted = (await api(player, 'POST', '/bonuses/coupon?coupon_code=DRACHMA10')).json();
    const [spins] = granted.freespins;
    expect(spins).toMatchObject({ count: 10, played: 0, value_cents: 20, stage: 'issued' });

    const started = await api(player, 'POST', `/player/freespins/${spins.id}/activation`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      freespin: { stage: 'activated' },
      launch_url: `/game/golden-drachma?freespins=${spins.id}`,
    });
    const game = await launch(player, started.json().launch_url);
    expect((await game.state()).freespins).toMatchObject({ left: 10, total: 10, won: 0 });

    let won = 0;
    for (let spin = 1; spin <= 10; spin++) won += (await game.spin()).payout;
    // Real money was never touched; what the spins won is bonus money.
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ real: 1_000, bonus: won });
    await waitUntil(async () => {
      const [after] = (await api(player, 'GET', '/player/freespins/')).json();
      expect(after).toMatchObject({ stage: 'played', played: 10, win_cents: won });
    });
    const bonuses = (await api(player, 'GET', '/player/bonuses/')).json();
    if (won === 0) {
      expect(bonuses).toEqual([]);
      return;
    }
    // 30 times the winnings within 7 days, as the coupon's terms say.
    expect(bonuses[0]).toMatchObject({
      kind: 'freespin_winnings',
      stage: 'activated',
      amount_cents: won,
      balance_cents: won,
      wagering_required_cents: won * 30,
      wager_days: 7,
    });
  });

  it('refuses to launch spins that are not the player’s or not started', async () => {
    const owner = await newPlayer(app, { funded: 1_000 });
    const other = await newPlayer(app, { funded: 1_000 });
    const [spins] = (await api(owner, 'POST', '/bonuses/coupon?coupon_code=DRACHMA10')).json().freespins;
    const launchWith = (player: TestPlayer) =>
      api(
        player,
        'GET',
        `/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=en&freespins=${spins.id}`,
      );
    // Issued but not started: the bonus tab's Play starts them.
    expect((await launchWith(owner)).json().codes).toEqual({ freespins: ['bonuses.freespins_not_found'] });
    await api(owner, 'POST', `/player/freespins/${spins.id}/activation`);
    expect((await launchWith(other)).json().codes).toEqual({ freespins: ['bonuses.freespins_not_found'] });
    expect((await api(other, 'POST', `/player/freespins/${spins.id}/activation`)).statusCode).toBe(404);
    // Given up: the spins left are gone.
    const canceled = await api(owner, 'DELETE', `/player/freespins/${spins.id}`);
    expect(canceled.json()).toMatchObject({ stage: 'canceled' });
    expect((await api(owner, 'POST', `/player/freespins/${spins.id}/activation`)).json().codes).toEqual({
      base: ['bonuses.freespins_not_playable'],
    });
  });

  it('adds spins’ winnings to a bonus already running, which owns the bonus balance', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    // A running bonus first (the lootbox coupon's prize may be spins, so a test campaign of its own).
    await app.database.db.insert(schema.bonusCampaigns).values({
      id: 'running-first',
      kind: 'no_deposit',
      code: 'RUNNING-FIRST',
      title: { en: 'Running first', el: 'Πρώτο ενεργό' },
      terms: {
        amount: { EUR: 500 },
        wagering: { multiplier: 10, on: 'bonus', days: 7 },
        maxBet: { EUR: 500 },
      },
    });
    await api(player, 'POST', '/bonuses/coupon?coupon_code=RUNNING-FIRST');
    const [spins] = (await api(player, 'POST', '/bonuses/coupon?coupon_code=DRACHMA10')).json().freespins;
    await api(player, 'POST', `/player/freespins/${spins.id}/activation`);
    // The studio's free bets and their wins, as it sends them for these spins: 3 × €0.50 won in all.
    const studio = await studioCalls(app, player, { secret, gameCode: 'golden-drachma' });
    for (let spin = 1; spin <= 10; spin++) {
      expect(await studio.bet(`fs-${spin}`, 20, { is_free: true })).toMatchObject({ status: 'RS_OK' });
      expect(await studio.win(`fs-${spin}-win`, `fs-${spin}`, spin % 3 === 0 ? 50 : 0)).toMatchObject({
        status: 'RS_OK',
      });
    }
    await waitUntil(async () => {
      const [after] = (await api(player, 'GET', '/player/freespins/')).json();
      expect(after).toMatchObject({ stage: 'played', played: 10, win_cents: 150 });
    });
    await waitUntil(async () => {
      const bonuses = (await api(player, 'GET', '/player/bonuses/')).json();
      expect(bonuses).toHaveLength(1);
      expect(bonuses[0]).toMatchObject({
        stage: 'activated',
        amount_cents: 650,
        balance_cents: 650,
        wagering_required_cents: 500 * 10 + 150 * 30,
      });
    });
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ real: 1_000, bonus: 650 });
  });
});
