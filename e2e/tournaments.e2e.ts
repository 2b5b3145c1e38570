import { bonusOperatorApi, playerApi as playerEndpoints, tournamentsApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt, apiOf } from './harness/api.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { backFromPayment, payOnSandbox } from './harness/wallet.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * Tournaments in the browser (issue 19), in English and in Greek, each language on a product of its own
 * (the test clock is moved past the active tournament's end): the player joins the active tournament,
 * plays one of its games with real money and sees their row appear on the tournament's board and climb
 * without a reload; a bet with bonus money and a bet on a game outside the tournament score nothing; the
 * clock is moved past the end its content writes (decades ahead, so the player signs in again) and the
 * end job run: the prize is paid as real money, the tournament is listed under finished with its
 * winners, and the winner's page says what they won.
 */

const operatorToken = 'e2e-operator-token-tournaments-0123456789';
const passphrase = 'a sturdy passphrase';
const tournament = 'winter-reels-race';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the player reads, written out so a spec fails when it changes. */
const words = {
  en: {
    title: 'Winter Reels Race',
    view: 'View tournament',
    join: 'Join the tournament',
    joined: "You're in: your real-money bets on the tournament games earn points.",
    standing: (place: number, points: string) => `You are in place ${place} with ${points} points.`,
    finished: 'Finished',
    winners: 'Winners',
    won: (place: number, prize: string) => `You finished in place ${place} and won ${prize}.`,
    welcomeOffer: 'Yes, I want Welcome package',
    stake: 'Stake',
    spin: 'Spin',
    badge: (place: number, points: string) => `Winter Reels Race: place ${place} · ${points} pts`,
    prize: '€3,000.00',
    notification: 'You won a prize in Winter Reels Race',
  },
  el: {
    title: 'Winter Reels Race',
    view: 'Δείτε το τουρνουά',
    join: 'Λάβετε μέρος στο τουρνουά',
    joined: 'Συμμετέχετε: τα στοιχήματά σας με πραγματικά χρήματα στα παιχνίδια του τουρνουά δίνουν πόντους.',
    standing: (place: number, points: string) => `Είστε στη θέση ${place} με ${points} πόντους.`,
    finished: 'Ολοκληρωμένα',
    winners: 'Νικητές',
    won: (place: number, prize: string) => `Τερματίσατε στη θέση ${place} και κερδίσατε ${prize}.`,
    welcomeOffer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    stake: 'Ποντάρισμα',
    spin: 'Γύρισμα',
    badge: (place: number, points: string) => `Winter Reels Race: θέση ${place} · ${points} πόντοι`,
    prize: '3.000,00\u00a0€',
    notification: 'Κερδίσατε έπαθλο στο Winter Reels Race',
  },
} satisfies Record<Locale, unknown>;

describe.each(locales)('tournaments (%s)', (locale) => {
  const text: Copy = copy[locale];
  const word = words[locale];
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;
  let playerAddress: string;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  const playerApi = () => apiOf(context, product.url, { 'user-agent': browserAgent });
  const operatorApi = () => apiAt(product.url, { authorization: `Bearer ${operatorToken}` });

  beforeAll(async () => {
    product = await startProduct({ env: { TEST_CLOCK: 'on', OPERATOR_API_TOKEN: operatorToken } });
    playerAddress = uniqueAddress(`tournament-${locale}`);
    await createPlayer(product.url, {
      email: playerAddress,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, playerAddress, passphrase);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await product?.stop();
  });

  /** The player's points and place in the tournament, as the API reports them. */
  async function standing() {
    const answer = await playerApi()(tournamentsApi.statuses, {});
    if (!answer.ok) throw new Error(`statuses: ${answer.status}`);
    return answer.body.find((status) => status.tournament_id === tournament);
  }

  /** The player's EUR real money, in cents. */
  async function realMoney() {
    const accounts = await playerApi()(walletApi.accounts, {});
    if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
    const eur = accounts.body.find((account) => account.currency === 'EUR');
    return (eur?.amount_cents ?? 0) - (eur?.bonus_cents ?? 0);
  }

  const gameFrame = (on: Page): FrameLocator =>
    on.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');

  /** One spin of `stake` cents in a game for real money, waited for until the wallet booked it. */
  async function spin(on: Page, game: string, stake: number) {
    const played = on.context();
    await on.goto(path(`/game/${game}?mode=real`));
    const frame = gameFrame(on);
    const select = frame.getByRole('combobox', { name: word.stake, exact: true });
    await select.waitFor();
    await select.selectOption(String(stake));
    const before = await played.request
      .get(`${product.url}/api/player/transactions?kind=game&per_page=100`)
      .then(async (answer) => ((await answer.json()) as { items: unknown[] }).items.length);
    await frame.getByRole('button', { name: word.spin, exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            (await (
              await played.request.get(`${product.url}/api/player/transactions?kind=game&per_page=100`)
            ).json()) as { items: unknown[] }
          ).items.length,
      )
      .toBeGreaterThan(before);
  }

  it('joins the active tournament and sees its row appear and climb on the board without a reload', async () => {
    // €30 of real money, without the welcome offer.
    await visit(page, path('/profile/wallet/deposit'));
    const offer = page.getByRole('checkbox', { name: word.welcomeOffer });
    await offer.waitFor();
    if (await offer.isChecked()) await offer.uncheck();
    await page.getByLabel(text.wallet.amount('EUR')).fill('30');
    await page.getByRole('button', { name: text.wallet.depositAmount(text.money(30)), exact: true }).click();
    await payOnSandbox(page, text, 'success', text.money(30));
    await backFromPayment(page, product.url, text);
    await expect.poll(realMoney).toBe(30_00);

    await visit(page, path('/tournaments/active'));
    const card = page.locator(`[data-tournament="${tournament}"]`);
    await card.getByRole('link', { name: word.view }).click();
    await page.waitForURL(path(`/tournaments/active/${tournament}`));
    await page.getByRole('heading', { name: word.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: word.join }).click();
    await page.getByText(word.joined).waitFor();

    // The board stays open in one tab while the game is played in another.
    const game = await context.newPage();
    await spin(game, 'golden-drachma', 500);
    const myRow = page.locator('.tournament-board tr[data-me]');
    await expect.poll(() => myRow.locator('td').nth(2).textContent()).toBe('5');
    await page.getByText(word.standing(1, '5')).waitFor();
    await spin(game, 'golden-drachma', 500);
    await expect.poll(() => myRow.locator('td').nth(2).textContent()).toBe('10');
    // In game, the badge tells the live place.
    await game.getByText(word.badge(1, '10')).waitFor();
    await game.close();
  });

  it('counts nothing for a game outside the tournament or for a stake of bonus money', async () => {
    const game = await context.newPage();
    await spin(game, 'thunder-of-zeus', 500);

    // A second player with bonus money only, joined: their stake is bonus money.
    const address = uniqueAddress(`tournament-bonus-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(other, product.url, address, passphrase);
    const me = await apiOf(other, product.url, { 'user-agent': browserAgent })(playerEndpoints.player, {});
    if (!me.ok) throw new Error(`player: ${me.status}`);
    const otherId = me.body.id;
    // An account in euros to hold the bonus (a deposit would bring real money, which is staked first).
    const opened = await apiOf(other, product.url, { 'user-agent': browserAgent, origin: product.url })(
      walletApi.switchAccount,
      { body: { currency: 'EUR' } },
    );
    expect(opened).toMatchObject({ ok: true });
    const campaign = await operatorApi()(bonusOperatorApi.putCampaign, {
      params: { id: 'e2e-tournament-bonus' },
      body: {
        kind: 'no_deposit',
        code: null,
        title: { en: 'Tournament test bonus', el: 'Μπόνους δοκιμής τουρνουά' },
        terms: {
          amount: { EUR: 20_00 },
          wagering: { multiplier: 1, on: 'bonus', days: 7 },
          contributions: { categories: { slots: 100 }, other: 10 },
        },
      },
    });
    expect(campaign).toMatchObject({ ok: true });
    const granted = await operatorApi()(bonusOperatorApi.grant, {
      params: { id: otherId },
      body: { campaign: 'e2e-tournament-bonus', currency: 'EUR' },
    });
    expect(granted).toMatchObject({ ok: true });
    // Granted running (no-deposit bonuses start at once): €20 of bonus money and no real money.
    expect(granted.ok && granted.body.bonuses[0]?.stage).toBe('activated');
    const otherPage = await other.newPage();
    await visit(otherPage, path(`/tournaments/active/${tournament}`));
    await otherPage.getByRole('button', { name: word.join }).click();
    await otherPage.getByText(word.joined).waitFor();
    await spin(otherPage, 'golden-drachma', 500);
    await other.close();

    // The player's own next real-money bet is scored after both: the score moved by it alone.
    await spin(game, 'golden-drachma', 500);
    await expect.poll(async () => (await standing())?.points).toBe(15_00);
    const board = await playerApi()(tournamentsApi.detail, { params: { id: tournament } });
    expect(board.ok && board.body.leaderboard.map((row) => row.me)).toEqual([true]);
    await game.close();
  });

  it('ends when the clock passes its end: the prize paid as real money, the winners listed under finished', async () => {
    const detail = await playerApi()(tournamentsApi.detail, { params: { id: tournament } });
    if (!detail.ok) throw new Error(`detail: ${detail.status}`);
    const moved = await fetch(`${product.url}/api/test/clock`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        now: new Date(Date.parse(detail.body.tournament.end_at) + 60_000).toISOString(),
      }),
    });
    expect(moved.status).toBe(200);
    const ran = await fetch(`${product.url}/api/test/jobs/tournaments.finish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(ran.status).toBe(200);
    // The content's end is decades after the sign-in: that session has long expired.
    await signInContext(context, product.url, playerAddress, passphrase);
    // 30 % of the €10,000 pool for the first place, as real money. Read as the tournament's own payout,
    // not as the balance's change: the clock's jump makes every weekly lottery draw on the way due, and
    // this player, the only one holding a ticket (from their deposit), may be paid its €1,000 meanwhile.
    const history = await playerApi()(walletApi.transactions, { query: { currency: 'EUR', per_page: 100 } });
    if (!history.ok) throw new Error(`transactions: ${history.status}`);
    const payouts = history.body.items.filter((item) => item.kind === 'prize_payout');
    expect(payouts.map((item) => ({ real: item.real_cents, bonus: item.bonus_cents }))).toEqual([
      { real: 3_000_00, bonus: 0 },
    ]);

    await visit(page, path('/tournaments/finished'));
    await page.locator(`[data-tournament="${tournament}"]`).getByRole('link', { name: word.view }).click();
    await page.waitForURL(path(`/tournaments/finished/${tournament}`));
    await page.getByRole('heading', { name: word.winners }).waitFor();
    await page.getByText(word.won(1, word.prize)).waitFor();
    const row = page.locator('.tournament-board tr[data-me]');
    expect(await row.locator('td').first().textContent()).toBe('1');
    // The prize is among the player's notifications too.
    await page.goto(path('/notifications'));
    await page.getByText(word.notification, { exact: true }).first().waitFor();
  });
});
