import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, live, visit } from './browser.ts';
import { copy } from './harness/copy.ts';
import { tabTo, type } from './harness/keyboard.ts';
import { accountButton, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { backFromPayment, expectPaymentOutcome, expectText, headerBalance } from './harness/wallet.ts';

/**
 * Issue 35: a visitor who uses only a keyboard (Tab, Shift+Tab, Enter, Space, letters; never a click)
 * signs up, deposits through the sandbox card page, plays a real-money round inside the game's frame
 * and asks for a withdrawal, seeing at each step what a mouse user sees. Every control is reached by
 * the focus order, and the focus is visible on each (keyboard.ts's tabTo fails otherwise).
 */
const { url: baseUrl } = await sharedProduct('standard');
const text = copy.en;
const money = text.money;

describe('a keyboard-only player, from sign-up to a withdrawal', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = uniqueAddress('keyboard');

  /** The player's active balance and game rounds as the casino's API reports them. */
  const wallet = async () => {
    const accounts = (await (await context.request.get(`${baseUrl}/api/player/accounts`)).json()) as {
      amount_cents: number;
      active: boolean;
    }[];
    const rounds = (await (
      await context.request.get(`${baseUrl}/api/player/transactions?kind=game&per_page=100`)
    ).json()) as { items: { kind: string; game_code: string | null; round_win_cents: number | null }[] };
    return { balance: accounts.find((account) => account.active)?.amount_cents ?? 0, rounds: rounds.items };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  });
  afterAll(() => browser?.close());

  it('signs up from the header and completes the registration', async () => {
    await visit(page, `${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    const header = page.getByRole('banner');
    await tabTo(header.getByRole('link', { name: 'Sign up', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/users/sign_up`);

    await tabTo(page.getByLabel(text.email, { exact: true }));
    await type(page, email);
    await tabTo(page.getByLabel(text.password, { exact: true }));
    await type(page, 'Lantern-Harbour-58');
    await tabTo(page.getByLabel(text.terms));
    await page.keyboard.press('Space');
    await tabTo(page.getByLabel(text.age));
    await page.keyboard.press('Space');
    expect(await page.getByLabel(text.age).isChecked()).toBe(true);
    await tabTo(page.getByRole('button', { name: text.create }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/`);
    await live(accountButton(page, text));

    // The registration's last step is a dialog: the focus is inside it and stays there.
    const completion = page.getByRole('dialog', { name: text.completeRegistration });
    const country = completion.getByLabel(text.country);
    await tabTo(country, { within: completion });
    await type(page, text.greece);
    expect(await country.inputValue()).toBe('GR');
    expect(await completion.getByLabel(text.currency).inputValue()).toBe('EUR');
    await tabTo(completion.getByRole('button', { name: text.saveAndContinue }), { within: completion });
    await page.keyboard.press('Enter');
    await completion.waitFor({ state: 'detached' });
    await expectText(headerBalance(page, text), money(0));
  });

  it('deposits €50 from the header through the sandbox card page', async () => {
    const deposit = page.getByRole('banner').getByRole('button', {
      name: text.wallet.headerDeposit,
      exact: true,
    });
    await tabTo(deposit);
    await page.keyboard.press('Enter');
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await cashier.waitFor();
    // Escape closes the cashier and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await cashier.waitFor({ state: 'detached' });
    expect(await deposit.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const fifty = cashier.getByRole('button', { name: money(50), exact: true });
    await tabTo(fifty, { within: cashier });
    await page.keyboard.press('Enter');
    expect(await cashier.getByLabel(text.wallet.amount('EUR')).inputValue()).toBe('50');
    const pay = cashier.getByRole('button', { name: text.wallet.depositAmount(money(50)), exact: true });
    // Round the dialog each way: from Deposit on to €50 and back, past its ends, never out of it.
    await tabTo(pay, { within: cashier });
    await tabTo(fifty, { within: cashier });
    await tabTo(pay, { within: cashier, back: true });
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/pay/'));
    const expiryYear = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
    for (const [label, value] of [
      [text.sandbox.cardNumber, '4242 4242 4242 4242'],
      [text.sandbox.expiry, `12/${expiryYear}`],
      [text.sandbox.securityCode, '123'],
      [text.sandbox.nameOnCard, 'Keyboard Player'],
    ] as const) {
      await tabTo(page.getByLabel(label));
      await type(page, value);
    }
    await tabTo(page.getByRole('button', { name: text.sandbox.pay(money(50)), exact: true }));
    await page.keyboard.press('Enter');

    await backFromPayment(page, baseUrl, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(50)));
    await expectText(headerBalance(page, text), money(50));
    expect((await wallet()).balance).toBe(5_000);
  });

  it("plays a real-money round: the focus goes into the game's frame and spins", async () => {
    // The address bar is the keyboard's too: the game opens in real money for a player with money.
    await visit(page, `${baseUrl}/game/golden-drachma`);
    const frame = page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
    await frame.getByText(money(50)).first().waitFor();
    const spin = frame.getByRole('button', { name: 'Spin', exact: true });
    await live(spin);
    await tabTo(spin, { most: 120 });
    await page.keyboard.press('Space');

    const played = () =>
      wallet().then((now) =>
        now.rounds.some(
          (round) =>
            round.game_code === 'golden-drachma' && round.kind === 'bet' && round.round_win_cents !== null,
        ),
      );
    await expect.poll(played).toBe(true);
    const { balance } = await wallet();
    // The game and the casino's header both show what the wallet holds after the round.
    await frame
      .getByText(money(balance / 100))
      .first()
      .waitFor();
    await expectText(headerBalance(page, text), money(balance / 100));
  });

  it('asks for a withdrawal from the account menu and sees it approved', async () => {
    await visit(page, `${baseUrl}/`);
    const before = (await wallet()).balance;
    await expectText(headerBalance(page, text), money(before / 100));
    await live(accountButton(page, text));
    await tabTo(accountButton(page, text));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: text.account });
    await tabTo(menu.getByRole('link', { name: text.wallet.withdrawTitle, exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/profile/wallet/withdrawal`);

    await tabTo(page.getByLabel(text.wallet.amount('EUR')));
    await type(page, '20');
    await tabTo(page.getByRole('button', { name: text.wallet.withdrawAmount(money(20)), exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText(text.wallet.requestedApproved(money(20)), { exact: true }).waitFor();
    await expectText(headerBalance(page, text), money((before - 2_000) / 100));
    expect((await wallet()).balance).toBe(before - 2_000);
  });
});
