import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { backFromPayment, expectPaymentOutcome, expectText, payOnSandbox } from './harness/wallet.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * Player limits in the browser (issue 17): on the responsible-gaming tab a player sets a weekly deposit
 * limit of €50; the deposit form says how much the limit still allows; a €40 deposit goes through and
 * a €20 one is refused with the €10 left shown. A raise to €100 is shown pending with the moment it
 * applies, and cancelled. (Its 24 hours passing is tested on the API: compliance/limits.test.ts.) In
 * English and in Greek. Under the Maltese licence the deposit form offers limits before the first deposit.
 */

let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const passphrase = 'a sturdy passphrase';

/** What the player reads on the limits screens, written out so a spec fails when the words change. */
const words = {
  en: {
    tab: 'Responsible gaming',
    title: 'Your limits',
    kind: 'Kind of limit',
    deposit: 'Deposit limit',
    period: 'Period',
    week: 'per week (last 7 days)',
    amount: 'Amount (EUR)',
    save: 'Save limit',
    appliesNow: 'Your limit applies now.',
    limit: (amount: string) => `Deposit limit · per week (last 7 days): ${amount}`,
    usage: (used: string, left: string) => `Used: ${used} · Left: ${left}`,
    allowance: (left: string) => `Your deposit limit allows ${left} more for now.`,
    refused: (left: string) =>
      `This deposit is over your deposit limit. You can deposit ${left} more for now.`,
    pendingSaved: 'Your higher limit applies on',
    rises: (amount: string) => `Rises to ${amount} on`,
    cancel: 'Cancel the change',
    cancelled: 'The change was cancelled. Your limit stays as it is.',
  },
  el: {
    tab: 'Υπεύθυνο παιχνίδι',
    title: 'Τα όριά σας',
    kind: 'Είδος ορίου',
    deposit: 'Όριο καταθέσεων',
    period: 'Περίοδος',
    week: 'ανά εβδομάδα (τελευταίες 7 ημέρες)',
    amount: 'Ποσό (EUR)',
    save: 'Αποθήκευση ορίου',
    appliesNow: 'Το όριό σας ισχύει από τώρα.',
    limit: (amount: string) => `Όριο καταθέσεων · ανά εβδομάδα (τελευταίες 7 ημέρες): ${amount}`,
    usage: (used: string, left: string) => `Χρησιμοποιήθηκαν: ${used} · Απομένουν: ${left}`,
    allowance: (left: string) => `Το όριο καταθέσεών σας επιτρέπει ακόμη ${left} προς το παρόν.`,
    refused: (left: string) =>
      `Η κατάθεση υπερβαίνει το όριο καταθέσεών σας. Μπορείτε να καταθέσετε ακόμη ${left} προς το παρόν.`,
    pendingSaved: 'Το υψηλότερο όριό σας ισχύει από τις',
    rises: (amount: string) => `Αυξάνεται σε ${amount} στις`,
    cancel: 'Ακύρωση της αλλαγής',
    cancelled: 'Η αλλαγή ακυρώθηκε. Το όριό σας μένει ως έχει.',
  },
} satisfies Record<Locale, unknown>;

async function signedIn(locale: Locale) {
  const address = uniqueAddress(`limits-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)('player limits (%s)', (locale) => {
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

  const limitItem = () => page.locator('[data-limit="deposit-week"]');
  const message = () => page.locator('[data-limits-message]');

  async function setWeeklyDepositLimit(units: string) {
    await page.getByLabel(word.kind).selectOption({ label: word.deposit });
    await page.getByLabel(word.period).selectOption({ label: word.week });
    await page.getByLabel(word.amount).fill(units);
    await page.getByRole('button', { name: word.save, exact: true }).click();
  }

  async function deposit(units: number) {
    await page.getByLabel(text.wallet.amount('EUR')).fill(String(units));
    await page.getByRole('button', { name: text.wallet.depositAmount(money(units)), exact: true }).click();
  }

  it('sets a weekly deposit limit of €50 from the responsible-gaming tab', async () => {
    await page.goto(path('/profile/general'));
    await page.locator('.profile__tabs').getByRole('link', { name: word.tab, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${text.prefix}/profile/limits`);
    await page.getByRole('heading', { name: word.title }).waitFor();
    await setWeeklyDepositLimit('50');
    await expectText(message(), word.appliesNow);
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(50)));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(0), money(50)));
  });

  it('deposits €40, then refuses €20 with the €10 left shown', async () => {
    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(50)));
    await deposit(40);
    await payOnSandbox(page, text, 'success', money(40));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(40)));

    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(10)));
    await deposit(20);
    await expectText(page.locator('.wallet-form .field__problem').first(), word.refused(money(10)));

    await page.goto(path('/profile/limits'));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(40), money(10)));
  });

  it('shows a raise as pending with the moment it applies, and cancels it', async () => {
    await setWeeklyDepositLimit('100');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-limits-message]')?.textContent?.startsWith(expected),
      word.pendingSaved,
    );
    const pending = limitItem().locator('[data-limit-pending]');
    await page.waitForFunction(
      (expected) =>
        document
          .querySelector('[data-limit="deposit-week"] [data-limit-pending]')
          ?.textContent?.startsWith(expected),
      word.rises(money(100)),
    );
    // The limit in force is still €50 until then.
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(50)));
    await limitItem().getByRole('button', { name: word.cancel, exact: true }).click();
    await expectText(message(), word.cancelled);
    await pending.waitFor({ state: 'detached' });
  });
});

describe('limits before the first deposit (Malta)', () => {
  let malta: RunningProduct;
  beforeAll(async () => {
    malta = await startProduct({ env: { LICENSE: 'malta' } });
  });
  afterAll(() => malta?.stop());

  it('offers to set limits on the deposit form of a player without any, leading to the limits tab', async () => {
    const address = uniqueAddress('limits-malta');
    await createPlayer(malta.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
    const context = await browser.newContext();
    try {
      await signInContext(context, malta.url, address, passphrase);
      const page = await context.newPage();
      await page.goto(`${malta.url}/profile/wallet/deposit`);
      const offer = page.locator('[data-deposit-limits-offer]');
      await expectText(
        offer,
        'Before you deposit, you can set a limit on how much you deposit, lose or stake. Set your limits',
      );
      await offer.getByRole('link', { name: 'Set your limits', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/profile/limits');
      await page
        .getByText('You can set your limits now, before your first deposit.', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
