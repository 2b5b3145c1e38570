import { bonusesApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import {
  backFromPayment,
  expectPaymentOutcome,
  expectText,
  headerBalance,
  payOnSandbox,
} from './harness/wallet.ts';

/**
 * The bonus engine in the browser (issue 16): a new player claims the welcome package from its
 * promotion page, deposits €100 with the offer chosen in the deposit form and sees the €100 bonus
 * with its wagering in the bonus tab and the header's real and bonus money apart; cancels it and keeps
 * the real money; has a made-up coupon refused; redeems the lootbox coupon and opens the box into the
 * Prize modal with its provably fair seeds. In English and in Greek.
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

/** What the player reads on the bonus screens, written out so a spec fails when the words change. */
const words = {
  en: {
    claim: 'Claim your welcome package',
    offer: 'Yes, I want Welcome package',
    bonusTitle: 'Welcome package',
    tab: 'Bonuses',
    activeTitle: 'Active bonus',
    wagered: (done: string, required: string) => `${done} of ${required} wagered`,
    thousands: (units: number) => `€${units.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
    split: (real: string, bonus: string) => `Real ${real} · Bonus ${bonus}`,
    cancelBonus: 'Cancel bonus',
    confirmCancel: 'Yes, cancel the bonus',
    cancelled: 'Welcome package was cancelled. Your real money is untouched.',
    noActive:
      'You have no active bonus. Activate one below, choose a deposit offer in the cashier or redeem a coupon.',
    cancelledStage: 'Cancelled',
    coupon: 'Coupon code',
    redeem: 'Redeem',
    noCoupon: 'There is no coupon with this code. Check the spelling and try again.',
    lootbox: 'Chest of Olympus',
    open: 'Open',
    won: 'You won',
    verify: 'Check it on the provably fair page',
    forfeitTitle: 'Your bonus ends with this withdrawal',
    keepBonus: 'Keep my bonus',
    drachmaSpins: '10 free spins on Golden Drachma',
    bell: 'Notifications',
    onBonusMoney: 'You are playing with bonus money.',
    spin: 'Spin',
  },
  el: {
    claim: 'Διεκδικήστε το πακέτο καλωσορίσματος',
    offer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    bonusTitle: 'Πακέτο καλωσορίσματος',
    tab: 'Μπόνους',
    activeTitle: 'Ενεργό μπόνους',
    wagered: (done: string, required: string) => `${done} από ${required} στοιχηματίστηκαν`,
    thousands: (units: number) => `${units.toLocaleString('el-GR', { minimumFractionDigits: 2 })}\u00a0€`,
    split: (real: string, bonus: string) => `Πραγματικά ${real} · Μπόνους ${bonus}`,
    cancelBonus: 'Ακύρωση μπόνους',
    confirmCancel: 'Ναι, ακύρωση του μπόνους',
    cancelled: 'Το Πακέτο καλωσορίσματος ακυρώθηκε. Τα πραγματικά σας χρήματα δεν επηρεάστηκαν.',
    noActive:
      'Δεν έχετε ενεργό μπόνους. Ενεργοποιήστε ένα παρακάτω, επιλέξτε μια προσφορά κατάθεσης στο ταμείο ή εξαργυρώστε ένα κουπόνι.',
    cancelledStage: 'Ακυρώθηκε',
    coupon: 'Κωδικός κουπονιού',
    redeem: 'Εξαργύρωση',
    noCoupon: 'Δεν υπάρχει κουπόνι με αυτόν τον κωδικό. Ελέγξτε τον και δοκιμάστε ξανά.',
    lootbox: 'Σεντούκι του Ολύμπου',
    open: 'Άνοιγμα',
    won: 'Κερδίσατε',
    verify: 'Ελέγξτε τη στη σελίδα αποδεδειγμένης δικαιοσύνης',
    forfeitTitle: 'Το μπόνους σας λήγει με αυτή την ανάληψη',
    keepBonus: 'Κρατάω το μπόνους μου',
    drachmaSpins: '10 δωρεάν περιστροφές στη Χρυσή Δραχμή',
    bell: 'Ειδοποιήσεις',
    onBonusMoney: 'Παίζετε με χρήματα μπόνους.',
    spin: 'Γύρισμα',
  },
} satisfies Record<Locale, unknown>;

async function signedIn(locale: Locale) {
  const address = uniqueAddress(`bonuses-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)('bonuses (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const { money } = text;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(locale));
  });
  afterAll(() => context?.close());

  const activeSection = () => page.getByRole('region', { name: word.activeTitle });

  it('claims the welcome package: a €100 deposit with the offer chosen brings a €100 bonus with its wagering', async () => {
    await page.goto(path('/promotions/welcome-package'));
    // The promotion's own call to action (a promo strip may say the same).
    await page.locator('article.promotion').getByRole('link', { name: word.claim, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${text.prefix}/profile/wallet/deposit`);
    expect(new URL(page.url()).searchParams.get('bonus')).toBe('welcome-package');
    const offer = page.getByRole('checkbox', { name: word.offer });
    await expect.poll(() => offer.isChecked()).toBe(true);

    await page.getByLabel(text.wallet.amount('EUR')).fill('100');
    await page.getByRole('button', { name: text.wallet.depositAmount(money(100)), exact: true }).click();
    await payOnSandbox(page, text, 'success', money(100));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(100)));

    // The bonus follows the deposit: €100 real and €100 bonus, shown apart in the header.
    await expectText(headerBalance(page, text), money(200));
    await expectText(page.locator('[data-balance-split]'), word.split(money(100), money(100)));

    await page.getByRole('link', { name: word.tab, exact: true }).click();
    await page.waitForURL(path('/profile/bonuses'));
    const card = activeSection().getByRole('article', { name: word.bonusTitle });
    await card.waitFor();
    // 35 times the bonus.
    await expectText(card.locator('[data-wagering="value"]'), word.wagered(money(0), word.thousands(3500)));
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    await expectText(card.locator('[data-bonus-balance]'), money(100));
  });

  it('is asked before a withdrawal forfeits the running bonus, and keeps it when they say so', async () => {
    await visit(page, path('/profile/wallet/withdrawal'));
    await page.getByLabel(text.wallet.amount('EUR')).fill('20');
    await page.getByRole('button', { name: text.wallet.withdrawAmount(money(20)), exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: word.forfeitTitle });
    await ask.waitFor();
    await ask.getByRole('button', { name: word.keepBonus }).click();
    await ask.waitFor({ state: 'detached' });
    await expectText(headerBalance(page, text), money(200));
    await page.goto(path('/profile/bonuses'));
    await activeSection().getByRole('article', { name: word.bonusTitle }).waitFor();
  });

  it('sees free spins granted elsewhere arrive without a reload, with their notification', async () => {
    const spins = page.locator('[data-freespin]').filter({ hasText: word.drachmaSpins });
    expect(await spins.count()).toBe(0);
    // Redeemed from another device: the bonus engine pushes them to this page.
    const answer = await apiOf(context, product.url, { 'user-agent': browserAgent })(
      bonusesApi.redeemCoupon,
      {
        query: { coupon_code: 'DRACHMA10' },
      },
    );
    expect(answer.ok).toBe(true);
    await spins.waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(`^${word.bell}`) })
      .click();
    const list = page.locator('[data-modal="NotificationsList"]');
    await list.locator('[data-notification^="freespin:"]').filter({ hasText: word.drachmaSpins }).waitFor();
    await page.keyboard.press('Escape');
  });

  it('is told on the game page that they play with bonus money, and watches the wagering move as they spin', async () => {
    const wagering = activeSection()
      .getByRole('article', { name: word.bonusTitle })
      .locator('[data-wagering="value"]');
    const before = await wagering.textContent();
    // The game in a second tab; the bonus tab stays open in the first.
    const game = await context.newPage();
    try {
      await game.goto(path('/game/golden-drachma?mode=real'));
      await game.locator('[data-bonus-notice]').getByText(word.onBonusMoney).waitFor();
      const frame = game.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
      await frame.getByRole('button', { name: word.spin, exact: true }).click();
      // Slots count in full: the bar moves without a reload of the bonus tab.
      await expect.poll(() => wagering.textContent()).not.toBe(before);
      expect((await wagering.textContent())?.startsWith(`${money(0)} `)).toBe(false);
    } finally {
      await game.close();
    }
  });

  it('cancels the bonus after confirming: the bonus money goes, the real money stays', async () => {
    // The real money as it stands now (the spin above was paid from it: real money is played first).
    const accounts = await apiOf(context, product.url, { 'user-agent': browserAgent })(
      walletApi.accounts,
      {},
    );
    if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
    const eur = accounts.body.find((account) => account.currency === 'EUR');
    const real = ((eur?.amount_cents ?? 0) - (eur?.bonus_cents ?? 0)) / 100;
    expect(eur?.bonus_cents).toBeGreaterThan(0);
    const card = activeSection().getByRole('article', { name: word.bonusTitle });
    await card.getByRole('button', { name: word.cancelBonus }).click();
    const confirm = card.getByRole('alertdialog');
    await confirm.getByRole('button', { name: word.confirmCancel }).click();
    await page.getByText(word.cancelled, { exact: true }).waitFor();
    await activeSection().getByText(word.noActive, { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(real));
    expect(await page.locator('[data-balance-split]').count()).toBe(0);
    const ended = page.locator(`.bonus-history li[data-stage="canceled"]`);
    await ended.getByText(word.cancelledStage, { exact: true }).waitFor();
  });

  it('refuses a coupon code that does not exist, saying so', async () => {
    const field = page.getByLabel(word.coupon);
    await field.fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: word.redeem, exact: true }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expectText(page.locator('.coupon-form .field__problem'), word.noCoupon);
  });

  it('redeems the lootbox coupon and opens the box into the Prize modal with its seeds', async () => {
    await page.getByLabel(word.coupon).fill('OLYMPUS');
    await page.getByRole('button', { name: word.redeem, exact: true }).click();
    const box = page.locator('[data-lootbox]').filter({ hasText: word.lootbox });
    await box.waitFor();
    const hash = (await box.locator('code').textContent())?.trim() ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await box.getByRole('button', { name: word.open, exact: true }).click();

    const prize = page.locator('[data-modal="Prize"]');
    await prize.getByText(word.won).waitFor();
    expect((await prize.locator('[data-prize]').textContent())?.trim()).not.toBe('');
    expect((await prize.locator('[data-seed-hash]').textContent())?.trim()).toBe(hash);
    expect((await prize.locator('[data-seed]').textContent())?.trim()).toMatch(/^[0-9a-f]+$/);
    await prize.getByRole('link', { name: word.verify }).waitFor();
    await page.keyboard.press('Escape');
    // Opened, it is no longer offered.
    await box.waitFor({ state: 'detached' });
  });
});

/**
 * The bonus tab arrives whole (issue 35): the server's HTML already holds the player's own free spins
 * and lootboxes, read here with JavaScript off, so nothing the browser fetches could have filled it.
 * Two players whose bonuses differ (A redeemed DRACHMA10's free spins, B OLYMPUS's lootbox) each see
 * only their own, titled in the page's language, in English and in Greek.
 */
describe("the bonus tab in the server's HTML", () => {
  interface Holder {
    context: BrowserContext;
    bare: BrowserContext;
    /** The id of what their coupon granted: a free spins grant for A, a lootbox for B. */
    granted: string;
  }
  const players: Record<'a' | 'b', Holder> = {} as never;

  async function holder(label: string, coupon: string): Promise<Holder> {
    const address = uniqueAddress(`bonuses-html-${label}`);
    await createPlayer(product.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
    const context = await browser.newContext();
    await signInContext(context, product.url, address, passphrase);
    const answer = await apiOf(context, product.url, { 'user-agent': browserAgent })(
      bonusesApi.redeemCoupon,
      {
        query: { coupon_code: coupon },
      },
    );
    if (!answer.ok) throw new Error(`coupon ${coupon}: ${answer.status} ${JSON.stringify(answer.body)}`);
    const [granted] = [...answer.body.freespins, ...answer.body.lootboxes];
    if (!granted) throw new Error(`coupon ${coupon} granted nothing`);
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    return { context, bare, granted: granted.id };
  }

  beforeAll(async () => {
    [players.a, players.b] = await Promise.all([holder('a', 'DRACHMA10'), holder('b', 'OLYMPUS')]);
  });
  afterAll(async () => {
    for (const one of Object.values(players)) {
      await one?.bare.close();
      await one?.context.close();
    }
  });

  const cases = locales.flatMap((locale) => [
    { who: 'a' as const, other: 'b' as const, locale },
    { who: 'b' as const, other: 'a' as const, locale },
  ]);

  it.each(cases)('shows player $who their own grant and never the other’s, in $locale', async (c) => {
    const text = copy[c.locale];
    const word = words[c.locale];
    const one = players[c.who];
    const page = await one.bare.newPage();
    const answer = await page.goto(`${product.url}${text.prefix}/profile/bonuses`);
    expect(answer?.status()).toBe(200);
    await page
      .getByRole('region', { name: word.activeTitle })
      .getByText(word.noActive, { exact: true })
      .waitFor();
    const spins = page.locator('[data-freespin]');
    const boxes = page.locator('[data-lootbox]');
    if (c.who === 'a') {
      expect(await spins.evaluateAll((all) => all.map((item) => item.getAttribute('data-freespin')))).toEqual(
        [one.granted],
      );
      expect(await spins.locator('h4').textContent()).toBe(word.drachmaSpins);
      expect(await boxes.count()).toBe(0);
    } else {
      expect(await boxes.evaluateAll((all) => all.map((item) => item.getAttribute('data-lootbox')))).toEqual([
        one.granted,
      ]);
      expect(await boxes.locator('h4').textContent()).toBe(word.lootbox);
      expect(await spins.count()).toBe(0);
    }
    expect(await page.locator(`[data-freespin="${players[c.other].granted}"]`).count()).toBe(0);
    expect(await page.locator(`[data-lootbox="${players[c.other].granted}"]`).count()).toBe(0);
    await page.close();
  });
});
