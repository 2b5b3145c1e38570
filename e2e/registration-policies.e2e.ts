import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { accountButton, canSignIn, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * What a casino may ask of registrations (spec §5): a captcha on every sign-up, which the form solves
 * by itself, and a list of the only email domains that may register; others are silently skipped.
 */
let product: SharedProduct;
beforeAll(async () => {
  product = await sharedProduct('registrationPolicies');
});

describe.each(locales)('registration rules of the casino (%s)', (locale) => {
  const text = copy[locale];
  const passphrase = 'a sturdy passphrase';
  let browser: Browser;
  let page: Page;
  /** The bodies of the registrations the page sent (POST /api/users). */
  let signUps: { user: Record<string, unknown> }[];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openSignUp() {
    page = await browser.newPage();
    signUps = [];
    page.on('request', (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users') {
        signUps.push(request.postDataJSON());
      }
    });
    await visit(page, `${product.url}${text.prefix}/users/sign_up`);
    await page.waitForLoadState('networkidle');
  }

  async function fillSignUp(address: string) {
    await page.getByLabel(text.email, { exact: true }).fill(address);
    await page.getByLabel(text.password, { exact: true }).fill(passphrase);
    await page.getByLabel(text.terms).check();
    await page.getByLabel(text.age).check();
    await page.getByRole('button', { name: text.create }).click();
  }

  it('solves the captcha the server asks for and registers: the request goes twice, then with the token', async () => {
    const address = uniqueAddress(`captcha-${locale}`);
    await openSignUp();
    await fillSignUp(address);
    await page.waitForURL(`${product.url}${text.prefix || '/'}`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);

    expect(signUps).toHaveLength(2);
    const [first, second] = signUps;
    expect(first?.user.captcha).toBeUndefined();
    expect(second?.user.captcha).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // The same registration, repeated with the solved token.
    expect({ ...second?.user, captcha: undefined }).toEqual({ ...first?.user, captcha: undefined });
    await page.close();
  });

  it('skips a registration from a domain that may not register: nothing is sent, no account exists', async () => {
    const skipped = uniqueAddress(`elsewhere-${locale}`, 'gmail.com');
    const allowed = uniqueAddress(`corrected-${locale}`);
    await openSignUp();
    await fillSignUp(skipped);
    // The player corrects the address and sends the form again: that registration goes through (the
    // captcha round included), and it is all the page sent: the first never left the browser.
    await page.getByLabel(text.email, { exact: true }).fill(allowed);
    await page.getByRole('button', { name: text.create }).click();
    await page.waitForURL(`${product.url}${text.prefix || '/'}`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(allowed);

    expect(signUps.map((body) => body.user.email)).toEqual([allowed, allowed]);
    expect(await canSignIn(product.url, skipped, passphrase)).toBe(false);
    await page.close();
  });
});
