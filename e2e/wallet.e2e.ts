import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import {
  backFromPayment,
  balanceToggle,
  download,
  expectPaymentOutcome,
  expectText,
  headerBalance,
  historyRows,
  payOnSandbox,
  type TestCard,
} from './harness/wallet.ts';

/**
 * The cashier and the wallet pages in the browser: deposits through the sandbox payment partner's
 * card page (a success and a 3-D Secure challenge; in English also a declined card, a failed check
 * and a cancel), the balance in the header, a second currency, withdrawals paid out and cancelled,
 * every movement in the transactions, and an operator's approval seen without a reload. A visitor
 * asking for the cashier is asked to sign in; players of a country whose cashier window is off
 * deposit on the wallet page instead.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([
    // Withdrawals below €100 are approved and paid out at once (the default); larger ones wait.
    sharedProduct('standard'),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

const passphrase = 'a sturdy passphrase';

/**
 * A new player, signed in, in a browser context of their own (cookies are per context). Signing in
 * itself is the accounts specs' subject: here it goes through the API, which saves seconds a player.
 */
async function signedIn(locale: Locale, label: string, country = 'GR') {
  const address = uniqueAddress(`${label}-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country });
  const context = await browser.newContext();
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)("a player's money (%s)", (locale) => {
  const text = copy[locale];
  const { money, signed } = text;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(locale, 'wallet'));
  });
  afterAll(() => context?.close());

  it('deposits from the cashier with a card that succeeds and sees the balance in the header', async () => {
    await visit(page, path('/deposit'));
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await cashier.getByRole('tab', { name: text.wallet.depositTab, selected: true }).waitFor();
    await expectText(headerBalance(page, text), money(0));
    await cashier.getByRole('button', { name: money(50), exact: true }).click();
    expect(await cashier.getByLabel(text.wallet.amount('EUR')).inputValue()).toBe('50');
    await cashier.getByRole('button', { name: text.wallet.depositAmount(money(50)), exact: true }).click();

    // The card page speaks the player's language (payOnSandbox finds its fields by their labels).
    await payOnSandbox(page, text, 'success', money(50));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(50)));
    await page.getByText(text.wallet.newBalance(money(50)), { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(50));
  });

  if (locale === 'en') {
    it('is told why a declined card, a failed 3-D Secure check or a cancelled payment did not deposit', async () => {
      const attempts: { card: TestCard | 'cancel'; amount: number; reason: string }[] = [
        { card: 'decline', amount: 25, reason: text.wallet.declined },
        { card: 'challenge', amount: 35, reason: text.wallet.secure },
        { card: 'cancel', amount: 40, reason: text.wallet.cancelled },
      ];
      // From the outcome of the last deposit, "Make another deposit" shows the form on the page.
      await page.getByRole('button', { name: text.wallet.again }).click();
      for (const { card, amount, reason } of attempts) {
        const amountField = page.getByLabel(text.wallet.amount('EUR'));
        await amountField.fill(String(amount));
        await page
          .getByRole('button', { name: text.wallet.depositAmount(money(amount)), exact: true })
          .click();
        if (card === 'cancel') {
          await page.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/pay/'));
          await page.getByRole('button', { name: text.sandbox.cancel }).click();
        } else {
          await payOnSandbox(page, text, card, money(amount));
        }
        if (card === 'challenge') {
          await page.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/3ds/'));
          await page.getByRole('heading', { name: text.sandbox.challenge }).waitFor();
          await page.getByRole('button', { name: text.sandbox.fail }).click();
        }
        await backFromPayment(page, product.url, text);
        await expectPaymentOutcome(page, text.wallet.failed, reason);
        await expectText(headerBalance(page, text), money(50));
        await page.getByRole('button', { name: text.wallet.tryAgain }).click();
      }
    });
  }

  it('deposits from the header button with a card that asks for 3-D Secure', async () => {
    await page.goto(path('/'));
    // The header shows the balance once the page is live, so its Deposit button works.
    await expectText(headerBalance(page, text), money(50));
    await page
      .getByRole('banner')
      .getByRole('button', { name: text.wallet.headerDeposit, exact: true })
      .click();
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await cashier.getByLabel(text.wallet.amount('EUR')).fill('100');
    await cashier.getByRole('button', { name: text.wallet.depositAmount(money(100)), exact: true }).click();

    await payOnSandbox(page, text, 'challenge', money(100));
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/3ds/'));
    await page.getByRole('heading', { name: text.sandbox.challenge }).waitFor();
    await page.getByRole('button', { name: text.sandbox.confirm }).click();

    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(100)));
    await expectText(headerBalance(page, text), money(150));
  });

  it('opens an account in another currency, then switches back to euros from the header', async () => {
    await visit(page, path('/profile/wallet/balance'));
    await page.getByRole('heading', { level: 2, name: text.wallet.balanceTitle, exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(150));
    await page.getByLabel(text.wallet.currency, { exact: true }).selectOption({ label: text.wallet.gbp });
    await page.getByRole('button', { name: text.wallet.addAccount }).click();
    await page.getByText(text.wallet.added('GBP'), { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(0, '£'));

    const toggle = balanceToggle(page, text);
    await toggle.click();
    const accounts = page.getByRole('list', { name: text.wallet.yourAccounts });
    expect(await accounts.getByRole('listitem').count()).toBe(2);
    await accounts.getByRole('button', { name: /^EUR/ }).click();
    await expectText(headerBalance(page, text), money(150));
    // The list closes once the switch is done.
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('withdraws: a small amount is paid out at once, a larger one awaits approval and is cancelled', async () => {
    await visit(page, path('/profile/wallet/withdrawal'));
    await page.getByRole('heading', { level: 2, name: text.wallet.withdrawTitle, exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(150));
    const amountField = page.getByLabel(text.wallet.amount('EUR'));
    await amountField.fill('20');
    await page.getByRole('button', { name: text.wallet.withdrawAmount(money(20)), exact: true }).click();
    await page.getByText(text.wallet.requestedApproved(money(20)), { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(130));
    // The payment partner confirms the payout a moment later: the list follows without a reload.
    const recent = page.getByRole('region', { name: text.wallet.recentTitle });
    await recent
      .getByRole('listitem')
      .filter({ hasText: money(20) })
      .filter({ hasText: text.wallet.paidOut })
      .waitFor();

    await page.getByRole('button', { name: money(100), exact: true }).click();
    await page.getByRole('button', { name: text.wallet.withdrawAmount(money(100)), exact: true }).click();
    await page.getByText(text.wallet.requestedPending(money(100)), { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(30));

    const pending = page.getByRole('region', { name: text.wallet.pendingTitle });
    await pending.getByRole('button', { name: text.wallet.cancelWithdrawal(money(100)) }).click();
    await page.getByText(text.wallet.withdrawalCancelled(money(100)), { exact: true }).waitFor();
    await pending.getByText(text.wallet.noPending, { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money(130));
    await recent
      .getByRole('listitem')
      .filter({ hasText: money(100) })
      .filter({ hasText: text.wallet.cancelledStatus })
      .waitFor();
  });

  it('sees every movement in the transactions, filters them and downloads them as CSV', async () => {
    await page.goto(path('/profile/wallet/transactions'));
    await page.getByText(text.wallet.count(6), { exact: true }).waitFor();
    expect(await historyRows(page, text)).toEqual([
      [text.wallet.kinds.release, signed(100)],
      [text.wallet.kinds.hold, signed(-100)],
      [text.wallet.kinds.payout, money(20)],
      [text.wallet.kinds.hold, signed(-20)],
      [text.wallet.kinds.deposit, signed(100)],
      [text.wallet.kinds.deposit, signed(50)],
    ]);
    // The payout changes no spendable money (the hold did): its row shows what reached the payment
    // method, unsigned, not a change of €0.00 (issue 31 item 21).
    await page
      .getByRole('row')
      .filter({ hasText: text.wallet.kinds.payout })
      .getByText(text.wallet.payoutDetail(money(20)))
      .waitFor();

    const csv = await download(page, page.getByRole('link', { name: text.wallet.csv }));
    expect(csv.name).toBe('chrysos-transactions.csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,type,currency,amount,real,bonus,held,game,method,round');
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
      ['withdrawal_release', 'EUR', '100.00'],
      ['withdrawal_hold', 'EUR', '-100.00'],
      ['payout', 'EUR', '0.00'],
      ['withdrawal_hold', 'EUR', '-20.00'],
      ['deposit', 'EUR', '100.00'],
      ['deposit', 'EUR', '50.00'],
    ]);

    await page.getByLabel(text.wallet.type, { exact: true }).selectOption({ label: text.wallet.withdrawals });
    await page.getByText(text.wallet.count(4), { exact: true }).waitFor();
    expect((await historyRows(page, text)).map(([kind]) => kind)).toEqual([
      text.wallet.kinds.release,
      text.wallet.kinds.hold,
      text.wallet.kinds.payout,
      text.wallet.kinds.hold,
    ]);
  });

  it("sees an operator's approval and the payout on the withdrawal page without reloading it", async () => {
    await visit(page, path('/profile/wallet/withdrawal'));
    await page.getByRole('button', { name: money(100), exact: true }).click();
    await page.getByRole('button', { name: text.wallet.withdrawAmount(money(100)), exact: true }).click();
    const pending = page.getByRole('region', { name: text.wallet.pendingTitle });
    await pending.getByRole('button', { name: text.wallet.cancelWithdrawal(money(100)) }).waitFor();

    // The back office approves it through the operator API; the partner then pays it out.
    const player = (await (await page.request.get(`${product.url}/api/player`)).json()) as { id: string };
    const operator = { authorization: `Bearer ${operatorToken}` };
    const awaiting = (await (
      await page.request.get(`${product.url}/api/operator/withdrawals`, { headers: operator })
    ).json()) as { id: string; player_id: string }[];
    const withdrawal = awaiting.find((payment) => payment.player_id === player.id);
    if (!withdrawal) throw new Error('the withdrawal is not awaiting approval');
    const approved = await page.request.post(
      `${product.url}/api/operator/withdrawals/${withdrawal.id}/approve`,
      {
        headers: operator,
      },
    );
    expect(approved.status()).toBe(200);

    // The approval and the payout are pushed on the player's payments_changes channel: no reload.
    await pending.getByText(text.wallet.noPending, { exact: true }).waitFor();
    await page
      .getByRole('region', { name: text.wallet.recentTitle })
      .getByRole('listitem')
      .filter({ hasText: money(100) })
      .filter({ hasText: text.wallet.paidOut })
      .waitFor();
    await expectText(headerBalance(page, text), money(30));
  });
});

describe.each(locales)('the cashier by address and where it is switched off (%s)', (locale) => {
  const text = copy[locale];
  const path = (to: string) => `${product.url}${text.prefix}${to}`;

  it('opens the Login modal for a visitor who asks for #cashier', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${product.url}${text.prefix || '/'}#cashier`);
      const login = page.getByRole('dialog', { name: text.signIn });
      await login.getByLabel(text.email, { exact: true }).waitFor();
      expect(await page.getByRole('dialog', { name: text.wallet.cashier }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('sends a player of a cashier-disabled country to the wallet deposit page', async () => {
    const { context, page } = await signedIn(locale, 'malta', 'MT');
    try {
      const depositPage = path('/profile/wallet/deposit');
      const onDepositPage = async () => {
        await page.waitForURL(depositPage);
        await page.getByRole('heading', { level: 2, name: text.wallet.depositTitle, exact: true }).waitFor();
        await page.getByLabel(text.wallet.amount('EUR')).waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
      };

      await page.goto(path('/deposit'));
      await onDepositPage();

      await page.goto(path('/faq'));
      // The header shows the balance once the page is live, so its Deposit button works.
      await expectText(headerBalance(page, text), text.money(0));
      await page
        .getByRole('banner')
        .getByRole('button', { name: text.wallet.headerDeposit, exact: true })
        .click();
      await onDepositPage();

      await page.goto(path('/faq#cashier'));
      await onDepositPage();
    } finally {
      await context.close();
    }
  });
});
