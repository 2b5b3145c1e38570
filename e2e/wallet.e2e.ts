import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import {
  backFromPayment,
  balanceToggle,
  depositOnSandbox,
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
    // The header's Deposit button works once the page is live (the balance is in the server's HTML).
    await visit(page, path('/'));
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

/**
 * The wallet pages arrive whole (issue 35): the server's HTML of each already holds the player's own
 * money — the header balance, the accounts, the payment methods, the withdrawals, the history and its
 * totals — read here with JavaScript off, so nothing the browser fetches could have filled it. Two
 * players whose money differs, one reading in English and one in Greek, each see only their own.
 */
describe("the wallet pages in the server's HTML", () => {
  interface Holder {
    locale: Locale;
    context: BrowserContext;
    /** The same player with JavaScript off: what the server sent, as a player's browser shows it. */
    bare: BrowserContext;
    withdrawal: string;
  }
  const holders: Record<'a' | 'b', Holder> = {} as never;

  /** A player (signed in through the API) who deposits `euros` and asks to withdraw `out`. */
  async function holder(locale: Locale, label: string, euros: number, out: number): Promise<Holder> {
    const { context, page } = await signedIn('en', label);
    await depositOnSandbox(context, page, product.url, euros);
    const asked = await context.request.post(`${product.url}/api/payments/withdrawals`, {
      data: { currency: 'EUR', amount_cents: out * 100, method: 'card' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const withdrawal = ((await asked.json()) as { id: string }).id;
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    return { locale, context, bare, withdrawal };
  }

  beforeAll(async () => {
    // A: €130 in, €100 out, awaiting approval (from €100). B: €60 in, €25 out, paid out at once.
    [holders.a, holders.b] = await Promise.all([
      holder('en', 'html-a', 130, 100),
      holder('el', 'html-b', 60, 25),
    ]);
    // B's payout is confirmed by the payment partner a moment later: B's page shows it once it is
    // pushed, and then the totals hold it.
    const page = await holders.b.context.newPage();
    await visit(page, `${product.url}${copy.el.prefix}/profile/wallet/withdrawal`);
    await page
      .getByRole('region', { name: copy.el.wallet.recentTitle })
      .getByRole('listitem')
      .filter({ hasText: copy.el.wallet.paidOut })
      .waitFor();
  });
  afterAll(async () => {
    for (const one of Object.values(holders)) {
      await one?.bare.close();
      await one?.context.close();
    }
  });

  /** A wallet page as the server sent it to a player, JavaScript off. */
  async function serverPage(one: Holder, to: string): Promise<Page> {
    const page = await one.bare.newPage();
    const answer = await page.goto(`${product.url}${copy[one.locale].prefix}${to}`);
    expect(answer?.status()).toBe(200);
    return page;
  }

  /**
   * The balance in the header as sent. The account selector is a code-split part: the server sends it
   * at the end of the same page, and an inline script moves it into the header before the first paint;
   * with JavaScript off it stays where it was sent, so it is read there.
   */
  const sentBalance = (page: Page) => page.locator('.account-selector__amount').textContent();

  const cases = [
    { who: 'a', other: 'b', balance: 30, net: 130, pending: 100, recent: null },
    { who: 'b', other: 'a', balance: 35, net: 35, pending: null, recent: 25 },
  ] as const;

  it.each(cases)('shows player $who their balance in the header and on the balance page', async (c) => {
    const one = holders[c.who];
    const text = copy[one.locale];
    const page = await serverPage(one, '/profile/wallet/balance');
    expect(await sentBalance(page)).toBe(text.money(c.balance));
    const totals = await page.locator('.account-card__total').allTextContents();
    expect(totals).toEqual([text.money(c.balance)]);
  });

  it.each(cases)('shows player $who the deposit form with its methods', async (c) => {
    const one = holders[c.who];
    const text = copy[one.locale];
    const page = await serverPage(one, '/profile/wallet/deposit');
    await page.getByRole('radio', { name: new RegExp(text.wallet.cardMethod) }).waitFor();
    await page.getByLabel(text.wallet.amount('EUR')).waitFor();
    expect(await sentBalance(page)).toBe(text.money(c.balance));
  });

  it.each(cases)("shows player $who their own withdrawals and never the other's", async (c) => {
    const one = holders[c.who];
    const text = copy[one.locale];
    const page = await serverPage(one, '/profile/wallet/withdrawal');
    await page.getByLabel(text.wallet.amount('EUR')).waitFor();
    const pending = page.getByRole('region', { name: text.wallet.pendingTitle });
    const recent = page.getByRole('region', { name: text.wallet.recentTitle });
    const mine = page.locator(`[data-payment="${one.withdrawal}"]`);
    expect(await mine.locator('.withdrawal-row__amount').textContent()).toBe(
      text.money(c.pending ?? c.recent ?? 0),
    );
    expect(await (c.pending ? pending : recent).locator(`[data-payment="${one.withdrawal}"]`).count()).toBe(
      1,
    );
    if (!c.pending) await pending.getByText(text.wallet.noPending, { exact: true }).waitFor();
    expect(await page.locator('[data-payment]').count()).toBe(1);
    expect(await page.locator(`[data-payment="${holders[c.other].withdrawal}"]`).count()).toBe(0);
  });

  it.each(cases)('shows player $who their own history and totals', async (c) => {
    const one = holders[c.who];
    const text = copy[one.locale];
    const page = await serverPage(one, '/profile/wallet/transactions');
    const { deposit, hold, payout } = text.wallet.kinds;
    expect(await historyRows(page, text)).toEqual(
      c.pending
        ? [
            [hold, text.signed(-100)],
            [deposit, text.signed(130)],
          ]
        : [
            [payout, text.money(25)],
            [hold, text.signed(-25)],
            [deposit, text.signed(60)],
          ],
    );
    expect(await page.locator('[data-total="net-deposits"]').allTextContents()).toEqual([text.signed(c.net)]);
  });

  // Last: these change what the players hold.
  it('takes a deposit, a withdrawal and a new account as plain forms, each player only their own', async () => {
    const [a, b] = [holders.a, holders.b];
    const [en, el] = [copy[a.locale], copy[b.locale]];
    const form = (page: Page) => page.locator('.wallet-page__form');

    // A deposit the server starts goes on to the payment partner's page; one below the minimum is
    // refused by the server with what was typed kept.
    const [aDeposit, bDeposit] = await Promise.all([
      serverPage(a, '/profile/wallet/deposit'),
      serverPage(b, '/profile/wallet/deposit'),
    ]);
    await form(aDeposit).getByLabel(en.wallet.amount('EUR')).fill('25');
    await form(aDeposit).getByRole('button', { name: en.wallet.depositTab, exact: true }).click();
    await aDeposit.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/pay/'));
    await form(bDeposit).getByLabel(el.wallet.amount('EUR')).fill('5');
    await form(bDeposit).getByRole('button', { name: el.wallet.depositTab, exact: true }).click();
    await bDeposit.getByText(el.wallet.minimum(el.money(10)), { exact: true }).waitFor();
    expect(await form(bDeposit).getByLabel(el.wallet.amount('EUR')).inputValue()).toBe('5');

    // A withdrawal over what A can cash out is refused; B's is approved at once.
    const [aOut, bOut] = await Promise.all([
      serverPage(a, '/profile/wallet/withdrawal'),
      serverPage(b, '/profile/wallet/withdrawal'),
    ]);
    await form(aOut).getByLabel(en.wallet.amount('EUR')).fill('40');
    await form(aOut).getByRole('button', { name: en.wallet.requestWithdrawal, exact: true }).click();
    await aOut.getByText(en.wallet.upTo(en.money(30)), { exact: true }).waitFor();
    await form(bOut).getByLabel(el.wallet.amount('EUR')).fill('20');
    await form(bOut).getByRole('button', { name: el.wallet.requestWithdrawal, exact: true }).click();
    await bOut.getByText(el.wallet.requestedApproved(el.money(20)), { exact: true }).waitFor();
    expect(await sentBalance(bOut)).toBe(el.money(15));
    expect(await sentBalance(aOut)).toBe(en.money(30));

    // A opens a pound account, which becomes A's active one; B's stays in euros.
    const aBalance = await serverPage(a, '/profile/wallet/balance');
    await aBalance.getByLabel(en.wallet.currency, { exact: true }).selectOption('GBP');
    await aBalance.getByRole('button', { name: en.wallet.addAccount, exact: true }).click();
    await aBalance.getByText(en.wallet.added('GBP'), { exact: true }).waitFor();
    expect(await sentBalance(aBalance)).toBe(en.money(0, '£'));
    const bBalance = await serverPage(b, '/profile/wallet/balance');
    expect(await sentBalance(bBalance)).toBe(el.money(15));
    expect(await bBalance.locator('.account-card__total').count()).toBe(1);
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

      // The header's Deposit button works once the page is live (the balance is in the server's HTML).
      await visit(page, path('/faq'));
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

describe.each(locales)('an amount typed before the page came alive (%s)', (locale) => {
  const text = copy[locale];

  it('is kept once the page has loaded its JavaScript, and offered as the deposit', async () => {
    const { context, page } = await signedIn(locale, 'early-typing');
    try {
      // A slow phone: the page's scripts arrive only after the player has typed.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/*.js', (route) => (holding ? held.push(route) : route.continue()));
      await page.goto(`${product.url}${text.prefix}/profile/wallet/deposit`, { waitUntil: 'commit' });
      await page.getByLabel(text.wallet.amount('EUR')).fill('100');
      holding = false;
      for (const route of held) await route.continue();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page
        .getByRole('button', { name: text.wallet.depositAmount(text.money(100)), exact: true })
        .waitFor();
      expect(await page.getByLabel(text.wallet.amount('EUR')).inputValue()).toBe('100');
    } finally {
      await context.close();
    }
  });
});
