import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { linkTo } from './harness/mailbox.ts';
import { accountButton, createPlayer, uniqueAddress, visitorAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * Ten wrong passwords lock an account; the unlock email's link opens it again. The product runs with
 * its default captcha policy: after five failed sign-ins from one address it asks for a captcha, which
 * the sign-in form solves by itself. Each language's browser comes from an address of its own (the
 * product trusts its proxy), so the per-address captcha and rate-limit counters of one spill into no
 * other spec.
 */
let product: SharedProduct;
beforeAll(async () => {
  product = await sharedProduct('standard');
});

describe.each(locales)('an account locked by wrong passwords (%s)', (locale) => {
  const text = copy[locale];
  const address = uniqueAddress(`locked-${locale}`);
  const passphrase = 'the right passphrase';
  let browser: Browser;
  let page: Page;
  /** The sign-in requests the page sent, with their bodies. */
  const signIns: { captcha: boolean }[] = [];

  beforeAll(async () => {
    await createPlayer(product.url, { email: address, password: passphrase, language: locale });
    browser = await launchBrowser();
    page = await browser.newPage({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users/sign_in') {
        signIns.push({ captcha: typeof request.postDataJSON()?.user?.captcha === 'string' });
      }
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The form's message; it goes when the form is sent and comes back with the answer. */
  const alert = () => page.getByRole('alert');
  /**
   * Submits the sign-in form and waits for the answer that settles it, after any captcha round (the
   * button reads "Sign in" again only when the form is ready for the next try).
   */
  async function submit(password: string, settledWith: number) {
    await page.getByLabel(text.password, { exact: true }).fill(password);
    await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/users/sign_in' && response.status() === settledWith,
      ),
      page.getByRole('button', { name: text.signIn, exact: true }).click(),
    ]);
  }

  it('refuses ten wrong passwords, solving the captcha the server asks for after five', async () => {
    await visit(page, `${product.url}${text.prefix}/users/sign_in`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(address);
    for (let attempt = 1; attempt <= 10; attempt++) {
      await submit(`wrong guess ${attempt}`, 401);
      expect(await alert().textContent(), `attempt ${attempt}`).toBe(text.invalid);
    }
    // Five plain attempts; then each was refused for want of a captcha and repeated once, solved.
    expect(signIns.slice(0, 5)).toEqual(Array(5).fill({ captcha: false }));
    expect(signIns.slice(5)).toEqual(
      Array(5)
        .fill([{ captcha: false }, { captcha: true }])
        .flat(),
    );
  });

  it('tells the player who knows the password that the account is locked', async () => {
    await submit(passphrase, 401);
    expect(await alert().textContent()).toBe(text.locked);
    expect(await page.getByRole('link', { name: text.unlockByEmail }).getAttribute('href')).toBe(
      `${text.prefix}/users/unlock/new`,
    );
    expect(await page.locator('.header__account').count()).toBe(0);
  });

  it('sends the unlock email; its link unlocks the account and the player signs in', async () => {
    const mail = await product.mail(address, text.mail.unlock);
    const link = linkTo(mail, `${text.prefix}/users/unlock`);
    await page.goto(`${product.url}${link}`);
    await page.getByRole('status').filter({ hasText: text.unlocked }).waitFor();

    // The page leads to the sign-in form.
    await page.getByRole('main').getByRole('link', { name: text.signIn, exact: true }).click();
    await page.waitForURL(`${product.url}${text.prefix}/users/sign_in`);
    await page.getByLabel(text.email, { exact: true }).fill(address);
    await submit(passphrase, 200);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
  });
});
