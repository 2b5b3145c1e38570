import { jackpotApi, jackpotOperatorApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt, apiOf } from './harness/api.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectText, payOnSandbox } from './harness/wallet.ts';

/**
 * The progressive jackpot in the browser (issue 18), English and Greek: the Mini's amount on the open
 * jackpot page rises as the player spins a slot (1 % of a €10 stake, half of it to the Mini); with a
 * drop forced by the test configuration (JACKPOT_TEST_DROP=on) the next spin wins the Mini, its amount
 * is paid to the player's real balance, the Mini starts again from €50 in a new cycle, the drop is in
 * the page's history marked as forced, and the lobby's open winners strip shows the win without a reload.
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
    title: 'Chrysos Jackpot',
    winners: 'Latest winners',
    mini: 'Mini jackpot',
    forced: 'set by the test configuration',
  },
  el: {
    welcomeOffer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    stake: 'Ποντάρισμα',
    spin: 'Γύρισμα',
    title: 'Τζάκποτ Chrysos',
    winners: 'Τελευταίοι νικητές',
    mini: 'Τζάκποτ Mini',
    forced: 'ορίστηκε από τη δοκιμαστική ρύθμιση',
  },
} satisfies Record<Locale, unknown>;

const playerApi = (context: BrowserContext) => apiOf(context, product.url, { 'user-agent': browserAgent });
const operatorApi = () => apiAt(product.url, { authorization: `Bearer ${operatorToken}` });

async function realCents(context: BrowserContext): Promise<number> {
  const accounts = await playerApi(context)(walletApi.accounts, {});
  if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
  return accounts.body.find((account) => account.currency === 'EUR')?.available_to_cashout_cents ?? 0;
}

/** The Mini as the API has it now: amount, cycle, hash. */
async function mini() {
  const answer = await apiAt(product.url)(jackpotApi.current, { query: { currency: 'EUR' } });
  if (!answer.ok) throw new Error(`jackpots: ${answer.status}`);
  const tier = answer.body.tiers.find((t) => t.id === 'mini');
  if (!tier) throw new Error('no Mini');
  return tier;
}

/** The player's game movements (bets and wins), newest first. */
async function gameEntries(context: BrowserContext) {
  const answer = await context.request.get(`${product.url}/api/player/transactions?kind=game&per_page=100`);
  const body = (await answer.json()) as { items: { kind: string; amount_cents: number }[] };
  return body.items;
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
  await expect.poll(() => realCents(context)).toBe(euros * 100);
}

const gameFrame = (page: Page): FrameLocator =>
  page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');

describe.each(locales)('the progressive jackpot (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let jackpotPage: Page;
  let game: Page;
  let address = '';

  beforeAll(async () => {
    address = uniqueAddress(`jackpot-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, address, passphrase);
    jackpotPage = await context.newPage();
    game = await context.newPage();
  });
  afterAll(() => context?.close());

  const miniOn = (page: Page, scope: string) => page.locator(`${scope} [data-jackpot-tier="mini"]`);
  const spin = async () => {
    const frame = gameFrame(game);
    await frame.getByRole('combobox', { name: word.stake, exact: true }).selectOption('1000');
    await frame.getByRole('button', { name: word.spin, exact: true }).click();
  };

  it('shows the Mini rising on the open jackpot page and in the game as the player spins a slot', async () => {
    await deposit(context, jackpotPage, text, locale, 50);
    await jackpotPage.goto(path('/jackpot'));
    await jackpotPage.getByRole('heading', { name: word.title, level: 1 }).waitFor();
    const before = await mini();
    const onPage = miniOn(jackpotPage, '[data-jackpot-page]');
    await expect.poll(() => onPage.getAttribute('data-amount-cents')).toBe(String(before.amount_cents));
    await expectText(onPage.locator('.jackpot-tier__amount'), text.money(before.amount_cents / 100));

    await game.goto(path('/game/golden-drachma?mode=real'));
    await gameFrame(game).getByText(text.money(50)).first().waitFor();
    const ticker = game.locator('[data-jackpot-ticker]');
    await ticker.getByText(word.mini).waitFor();
    await spin();

    // €10 staked: 1 % is 10 cents, 5 of them to the Mini, pushed to both open pages.
    const risen = before.amount_cents + 5;
    await expectText(onPage.locator('.jackpot-tier__amount'), text.money(risen / 100));
    await expect
      .poll(() => miniOn(game, '[data-jackpot-ticker]').getAttribute('data-amount-cents'), {})
      .toBe(String(risen));
  });

  it('pays a forced drop to the winner, starts the Mini again from €50 and shows the win in the open winners strip', async () => {
    const lobby = await context.newPage();
    await lobby.goto(path('/games/all'));
    const strip = lobby.locator('[data-winners-strip]');
    await strip.getByRole('heading', { name: word.winners }).waitFor();

    const open = await mini();
    const forced = await operatorApi()(jackpotOperatorApi.forceDrop, {
      params: { currency: 'EUR', tier: 'mini' },
    });
    expect(forced.ok).toBe(true);
    // The first spin's round is settled: its bet and win are in the history before the count is taken.
    let entriesBefore = -1;
    await expect
      .poll(
        async () => {
          const count = (await gameEntries(context)).length;
          const settled = count === entriesBefore;
          entriesBefore = count;
          return settled;
        },
        { interval: 500 },
      )
      .toBe(true);
    const realBefore = await realCents(context);

    await spin();
    const won = open.amount_cents + 5;
    // The real balance less the spin's own win (if it won) is what it was, less the stake, plus the Mini.
    const lessSpinWin = async () => {
      const entries = await gameEntries(context);
      const spinWin = entries
        .slice(0, entries.length - entriesBefore)
        .filter((entry) => entry.kind === 'win')
        .reduce((sum, entry) => sum + entry.amount_cents, 0);
      return (await realCents(context)) - spinWin;
    };
    await expect.poll(lessSpinWin).toBe(realBefore - 1_000 + won);

    // The lobby's strip was not reloaded: the win arrived on public:wins.
    const local = address.split('@')[0] as string;
    const masked = `${local.slice(0, 2)}***${local.at(-1)}`;
    const entry = strip.locator(`[data-winner="${masked}"]`).first();
    await entry.waitFor();
    await expectText(entry.locator('strong'), text.money(won / 100));
    await entry.getByText(word.mini).waitFor();

    // The lobby's ticker, open all along, shows the Mini back at its seed.
    await expect
      .poll(() => miniOn(lobby, '[data-jackpot-ticker]').getAttribute('data-amount-cents'), {})
      .toBe('5000');
    // The Mini starts again from its seed in a new cycle, committed by a new hash.
    const next = await mini();
    expect(next.cycle).toBe(open.cycle + 1);
    expect(next.seed_hash).not.toBe(open.seed_hash);
    await expectText(
      miniOn(jackpotPage, '[data-jackpot-page]').locator('.jackpot-tier__amount'),
      text.money(50),
    );
    const row = jackpotPage.locator(`[data-cycle="mini:${open.cycle}"]`);
    await row.waitFor();
    await row.getByText(word.forced).waitFor();
    await row.getByText(open.seed_hash).waitFor();
    await lobby.close();
  });
});
