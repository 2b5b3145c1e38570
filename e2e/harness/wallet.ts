import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Copy, copy } from './copy.ts';

/** The sandbox payment partner's test cards, typed as a player copies them from its page. */
export const testCards = {
  success: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
  insufficient: '4000 0000 0000 9995',
} as const;

export type TestCard = keyof typeof testCards;

/** Waits until the text of `locator` is exactly `expected` (money is fetched and polled, so it settles). */
export async function expectText(locator: Locator, expected: string) {
  await expect.poll(() => locator.textContent()).toBe(expected);
}

/** The header's account selector: the active account's balance; it opens the list of accounts. */
export const balanceToggle = (page: Page, text: Copy) =>
  page.getByRole('banner').getByRole('button', { name: text.wallet.balance });

/** The balance the header shows, e.g. `€50.00` (the label "Balance" above it left out). */
export const headerBalance = (page: Page, text: Copy) =>
  balanceToggle(page, text).locator('.account-selector__amount');

/**
 * On the sandbox's hosted card page (in the player's language): enters a test card and presses
 * "Pay <amount>". A 3-D Secure card stops on the challenge page; the others return to the casino.
 */
export async function payOnSandbox(page: Page, text: Copy, card: TestCard, amount: string) {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-psp/pay/'));
  const expiryYear = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
  await page.getByLabel(text.sandbox.cardNumber).fill(testCards[card]);
  await page.getByLabel(text.sandbox.expiry).fill(`12/${expiryYear}`);
  await page.getByLabel(text.sandbox.securityCode).fill('123');
  await page.getByLabel(text.sandbox.nameOnCard).fill('Test Player');
  await page.getByRole('button', { name: text.sandbox.pay(amount), exact: true }).click();
}

/**
 * Waits until the header shows `amount` as the balance, as the player sees a deposit credited: the
 * webhook credits it after the return from the payment page, and the header follows without a reload.
 */
export const headerShowsBalance = (page: Page, text: Copy, amount: string) =>
  balanceToggle(page, text).getByText(amount, { exact: true }).waitFor();

/** Back from the payment page on /profile/wallet/deposit?payment=<id>, in the player's language. */
export async function backFromPayment(page: Page, baseUrl: string, text: Copy) {
  const origin = new URL(baseUrl).origin;
  await page.waitForURL(
    (url) =>
      url.origin === origin &&
      url.pathname === `${text.prefix}/profile/wallet/deposit` &&
      /^[0-9a-f-]{36}$/.test(url.searchParams.get('payment') ?? ''),
  );
}

/** The outcome PaymentStatus shows: its heading and the line under it. */
export async function expectPaymentOutcome(page: Page, heading: string, line: string) {
  const title = page.getByRole('heading', { level: 3, name: heading, exact: true });
  await title.waitFor();
  await page.getByText(line, { exact: true }).waitFor();
}

/** The rows of the transactions table as the player reads them: type and signed amount, newest first. */
export async function historyRows(page: Page, text: Copy): Promise<[string, string][]> {
  const table = page.getByRole('table', { name: text.wallet.historyTitle });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
      return [cells[1] ?? '', cells[3] ?? ''] as [string, string];
    }),
  );
}

/** Clicks a download link and returns the downloaded file's text. */
export async function download(page: Page, link: Locator): Promise<{ name: string; body: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), body: await readFile(path, 'utf8') };
}

/**
 * A deposit of whole `euros` as setup for a journey that is not about depositing: started through the
 * API, paid on the sandbox's card page in `page`, and waited for until the header shows it (the
 * account held nothing before).
 */
export async function depositOnSandbox(context: BrowserContext, page: Page, baseUrl: string, euros: number) {
  const started = await context.request.post(`${baseUrl}/api/payments/deposits`, {
    data: { currency: 'EUR', amount_cents: euros * 100, method: 'card' },
  });
  expect(started.status()).toBe(201);
  await page.goto(new URL((await started.json()).redirect_url, baseUrl).href);
  await payOnSandbox(page, copy.en, 'success', copy.en.money(euros));
  await backFromPayment(page, baseUrl, copy.en);
  await headerShowsBalance(page, copy.en, copy.en.money(euros));
}
