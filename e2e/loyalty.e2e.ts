import { loyaltyApi, loyaltyOperatorApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt, apiOf } from './harness/api.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, balanceToggle, expectText, headerBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * Comp points and levels in the browser (issue 18), English and Greek: a €10 spin in Golden Drachma
 * (a slot: a point per €10 of real money) shows a point on the open loyalty tab without a reload; an
 * operator's grant of points lifts the player to Diamond, and the open /loyalty page shows the
 * immediateVip invitation (content for the high_roller group) as the groups change; then points are
 * exchanged for real money at Diamond's rate (60 points = €1), and a second exchange over the points
 * left is refused with the reason. Spec §4: an account switch reads the comp points again.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const passphrase = 'a sturdy passphrase';

/** What the player reads, written out so the spec fails when the words change. */
const words = {
  en: {
    welcomeOffer: 'Yes, I want Welcome package',
    stake: 'Stake',
    spin: 'Spin',
    tab: 'Loyalty',
    level: (name: string) => `Level: ${name}`,
    toNext: (points: string, level: string) => `${points} more points to reach ${level}`,
    vip: 'You are invited to Chrysos VIP',
    pointsToExchange: 'Points to exchange',
    exchange: 'Exchange',
    exchanged: (points: string, amount: string) =>
      `${points} points exchanged: ${amount} added to your real balance.`,
    tooMany: (points: string) => `You have ${points} points to exchange.`,
    number: (n: number) => n.toLocaleString('en-GB'),
  },
  el: {
    welcomeOffer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    stake: 'Ποντάρισμα',
    spin: 'Γύρισμα',
    tab: 'Επιβράβευση',
    level: (name: string) => `Επίπεδο: ${name}`,
    toNext: (points: string, level: string) => `Ακόμη ${points} πόντοι για το επίπεδο ${level}`,
    vip: 'Σας προσκαλούμε στο Chrysos VIP',
    pointsToExchange: 'Πόντοι προς ανταλλαγή',
    exchange: 'Ανταλλαγή',
    exchanged: (points: string, amount: string) =>
      `Ανταλλάξατε ${points} πόντους: προστέθηκαν ${amount} στο πραγματικό σας υπόλοιπο.`,
    tooMany: (points: string) => `Έχετε ${points} πόντους για ανταλλαγή.`,
    number: (n: number) => n.toLocaleString('el-GR'),
  },
} satisfies Record<Locale, unknown>;

const playerApi = (context: BrowserContext) => apiOf(context, product.url, { 'user-agent': browserAgent });
const operatorApi = () => apiAt(product.url, { authorization: `Bearer ${operatorToken}` });

async function realEuros(context: BrowserContext): Promise<number> {
  const accounts = await playerApi(context)(walletApi.accounts, {});
  if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
  return accounts.body.find((account) => account.currency === 'EUR')?.available_to_cashout_cents ?? 0;
}

/** A deposit through the cashier's form without the welcome offer, credited before it returns. */
async function deposit(context: BrowserContext, page: Page, text: Copy, locale: Locale, euros: number) {
  await visit(page, `${product.url}${text.prefix}/profile/wallet/deposit`);
  const offer = page.getByRole('checkbox', { name: words[locale].welcomeOffer });
  await page.getByLabel(text.wallet.amount('EUR')).waitFor();
  if ((await offer.count()) > 0 && (await offer.isChecked())) await offer.uncheck();
  await page.getByLabel(text.wallet.amount('EUR')).fill(String(euros));
  await page.getByRole('button', { name: text.wallet.depositAmount(text.money(euros)), exact: true }).click();
  await payOnSandbox(page, text, 'success', text.money(euros));
  await backFromPayment(page, product.url, text);
  await expect.poll(() => realEuros(context)).toBe(euros * 100);
}

const gameFrame = (page: Page): FrameLocator =>
  page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');

describe.each(locales)('comp points and levels (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;
  let playerId = '';

  beforeAll(async () => {
    const address = uniqueAddress(`loyalty-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, address, passphrase);
    page = await context.newPage();
    const me = await context.request.get(`${product.url}/api/player`);
    playerId = ((await me.json()) as { id: string }).id;
  });
  afterAll(() => context?.close());

  const points = (on: Page) => on.locator('[data-loyalty-panel] [data-comp-points]');

  it('shows the point a €10 slot spin earns on the open loyalty tab, without a reload', async () => {
    await deposit(context, page, text, locale, 50);
    await page.goto(path('/profile/loyalty'));
    await page.getByRole('link', { name: word.tab, exact: true }).waitFor();
    await expectText(points(page), '0');
    await expectText(page.locator('.loyalty-card__level'), word.level('Bronze'));

    const game = await context.newPage();
    await game.goto(path('/game/golden-drachma?mode=real'));
    const frame = gameFrame(game);
    await frame.getByText(text.money(50)).first().waitFor();
    await frame.getByRole('combobox', { name: word.stake, exact: true }).selectOption('1000');
    await frame.getByRole('button', { name: word.spin, exact: true }).click();

    // The tab was not reloaded: the point arrived by push.
    await expectText(points(page), '1');
    await page.getByText(word.toNext(word.number(499), 'Silver'), { exact: true }).waitFor();
    await game.close();
  });

  it('reaches Diamond by an operator grant and the open loyalty page shows the VIP invitation', async () => {
    const loyaltyPage = await context.newPage();
    await loyaltyPage.goto(path('/loyalty'));
    await loyaltyPage.locator('[data-loyalty-level="Diamond"]').waitFor();
    expect(await loyaltyPage.locator('[data-immediate-vip]').count()).toBe(0);

    const granted = await operatorApi()(loyaltyOperatorApi.grantPoints, {
      params: { id: playerId },
      body: { points: 49_999, reason: 'e2e level up', key: `e2e-${playerId}` },
    });
    expect(granted.ok).toBe(true);

    // groups_updates reloads the page's data: the invitation for high_roller appears.
    const vip = loyaltyPage.locator('[data-immediate-vip]');
    await vip.getByRole('heading', { name: word.vip }).waitFor();
    await expectText(loyaltyPage.locator('.loyalty-card__level'), word.level('Diamond'));
    // And the profile tab left open follows by push.
    await expectText(page.locator('.loyalty-card__level'), word.level('Diamond'));
    await expectText(points(page), word.number(50_000));
    await loyaltyPage.close();
  });

  it('exchanges points for real money at the Diamond rate and refuses more points than are left', async () => {
    const before = await realEuros(context);
    await page.getByLabel(word.pointsToExchange).fill('600');
    await page.getByRole('button', { name: word.exchange, exact: true }).click();
    await expectText(
      page.locator('[data-exchange-result="done"]'),
      word.exchanged(word.number(600), text.money(10)),
    );
    await expect.poll(() => realEuros(context)).toBe(before + 10_00);
    await expectText(points(page), word.number(49_400));

    await page.getByLabel(word.pointsToExchange).fill('60000');
    await page.getByRole('button', { name: word.exchange, exact: true }).click();
    await expectText(page.locator('[data-exchange-result="refused"]'), word.tooMany('49400'));
    const after = await playerApi(context)(loyaltyApi.compPoints, {});
    expect(after.ok && after.body).toMatchObject({ points: 49_400, level: { id: 'diamond' } });
  });
});

describe.each(locales)('the account switch reloads the comp points (spec §4, %s)', (locale) => {
  const text = copy[locale];
  const path = (to: string) => `${product.url}${text.prefix}${to}`;

  /** A player with a EUR account (active) and a USD one, on their loyalty tab with no realtime push. */
  async function playerOnLoyaltyTab(label: string) {
    const address = uniqueAddress(`switch-${label}-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, address, passphrase);
    const api = apiOf(context, product.url, { 'user-agent': browserAgent, origin: product.url });
    for (const currency of ['USD', 'EUR']) {
      expect(await api(walletApi.switchAccount, { body: { currency } })).toMatchObject({ ok: true });
    }
    const me = await context.request.get(`${product.url}/api/player`);
    const playerId = ((await me.json()) as { id: string }).id;
    // No push reaches the page: what it shows after the switch is what the switch read.
    await context.routeWebSocket(/.*/, () => {});
    const page = await context.newPage();
    await visit(page, path('/profile/loyalty'));
    await expectText(page.locator('[data-loyalty-panel] [data-comp-points]'), '0');
    return { context, page, playerId, api };
  }

  it('shows each player their own points granted since the tab was read, worth in the new currency', async () => {
    const players = [
      { ...(await playerOnLoyaltyTab('a')), granted: 1_200 },
      { ...(await playerOnLoyaltyTab('b')), granted: 300 },
    ];
    for (const { playerId, granted } of players) {
      const answer = await operatorApi()(loyaltyOperatorApi.grantPoints, {
        params: { id: playerId },
        body: { points: granted, reason: 'e2e switch', key: `e2e-switch-${playerId}` },
      });
      expect(answer.ok).toBe(true);
    }
    for (const { page, api, granted, context } of players) {
      await balanceToggle(page, text).click();
      await page.getByRole('banner').getByRole('button', { name: /^USD/ }).click();
      await expectText(headerBalance(page, text), text.money(0, '$'));
      const fresh = await api(loyaltyApi.compPoints, {});
      if (!fresh.ok) throw new Error(`comp points: ${fresh.status}`);
      expect(fresh.body).toMatchObject({ points: granted, exchange: { currency: 'USD' } });
      const panel = page.locator('[data-loyalty-panel]');
      await expectText(panel.locator('[data-comp-points]'), words[locale].number(granted));
      await expect
        .poll(() => panel.locator('[data-exchange-value]').getAttribute('data-exchange-value'))
        .toBe(String(fresh.body.exchange.value_cents));
      await context.close();
    }
  });
});
