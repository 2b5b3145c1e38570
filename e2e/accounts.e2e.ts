import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { linkTo } from './harness/mailbox.ts';
import { accountButton, problemOf, signOutFromHeader, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import { expectText, headerBalance } from './harness/wallet.ts';

/**
 * Registration, the confirmation email and signing in again, as a new player does it: the product
 * delivers its email to a real SMTP server the run keeps (global-setup.ts), and the player opens the link
 * it holds.
 */
let product: SharedProduct;
beforeAll(async () => {
  product = await sharedProduct('standard');
});

/** How the cashier names the account it deposits to: the currency's name in the page's language. */
const euroAccount = { en: 'Euro account', el: 'Λογαριασμός σε Ευρώ' } as const;

describe.each(locales)('a new player in the browser (%s)', (locale) => {
  const text = copy[locale];
  const address = uniqueAddress(`player-${locale}`);
  const passphrase = 'a sturdy passphrase';
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  const confirmBar = () => page.getByRole('complementary', { name: text.confirmBar });

  it('sees the field messages, then registers, is signed in and completes the registration', async () => {
    await visit(page, `${product.url}${text.prefix}/users/sign_up`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: text.create }).click();
    expect(await problemOf(page, 'auth', 'email').textContent()).toBe(text.required);
    expect(await problemOf(page, 'auth', 'password').textContent()).toBe(text.required);
    expect(await problemOf(page, 'auth', 'terms_acceptance').textContent()).toBe(text.required);

    await page.getByLabel(text.email, { exact: true }).fill('not-an-email');
    await page.getByLabel(text.password, { exact: true }).fill('short');
    await page.getByRole('button', { name: text.create }).click();
    expect(await problemOf(page, 'auth', 'email').textContent()).toBe(text.invalidEmail);
    expect(await problemOf(page, 'auth', 'password').textContent()).toBe(text.short);
    expect(await page.getByLabel(text.email, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // Age acceptance waits for the terms.
    expect(await page.getByLabel(text.age).isDisabled()).toBe(true);

    await page.getByLabel(text.email, { exact: true }).fill(address);
    await page.getByLabel(text.password, { exact: true }).fill(passphrase);
    await page.getByLabel(text.terms).check();
    await page.getByLabel(text.age).check();
    await page.getByRole('button', { name: text.create }).click();
    await page.waitForURL(`${product.url}${text.prefix || '/'}`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);

    // The new player has no country yet: CompleteRegistration asks for it (and the currency) first.
    const completion = page.getByRole('dialog', { name: text.completeRegistration });
    await completion.getByLabel(text.country).selectOption({ label: text.greece });
    // The currency of the chosen country is suggested.
    expect(await completion.getByLabel(text.currency).inputValue()).toBe('EUR');
    await completion.getByRole('button', { name: text.saveAndContinue }).click();
    await completion.waitFor({ state: 'detached' });

    // The chosen currency is the player's account, not the US dollars of the sign-up: the header shows
    // euros without a reload, and so does the cashier.
    await expectText(headerBalance(page, text), text.money(0));
    await page.goto(`${product.url}${text.prefix}/faq#cashier`);
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await expectText(cashier.locator('.cashier__account-label'), euroAccount[locale]);
    await expectText(headerBalance(page, text), text.money(0));
    await page.keyboard.press('Escape');
    await cashier.waitFor({ state: 'detached' });

    // Until the address is confirmed, a bar under the header says where the link went.
    expect(await confirmBar().getByRole('status').textContent()).toBe(text.confirmBarText(address));
  });

  it('receives the confirmation email in their language; its link confirms the address', async () => {
    const mail = await product.mail(address, text.mail.confirmation);
    const link = linkTo(mail, `${text.prefix}/users/confirmation`);
    expect(link).toMatch(/\?confirmation_token=[\w-]{43}$/);

    await page.goto(`${product.url}${link}`);
    const result = page.getByRole('status').getByText(text.confirmed, { exact: true });
    await result.waitFor();
    await confirmBar().waitFor({ state: 'detached' });
    expect(await page.locator('.header__account').textContent()).toBe(address);

    // Still confirmed after a fresh load of another page.
    await visit(page, `${product.url}${text.prefix}/faq`);
    await page.waitForLoadState('networkidle');
    expect(await confirmBar().count()).toBe(0);
  });

  it('signs out, then signs in again on the sign-in page', async () => {
    await signOutFromHeader(page, text);
    await page.getByRole('link', { name: text.signIn }).first().waitFor();
    expect(await page.locator('.header__account').count()).toBe(0);

    await visit(page, `${product.url}${text.prefix}/users/sign_in`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(address);
    await page.getByLabel(text.password, { exact: true }).fill(passphrase);
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await page.waitForURL(`${product.url}${text.prefix || '/'}`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
    // Nothing left to complete or confirm.
    expect(await page.locator('[data-modal]').count()).toBe(0);
    expect(await confirmBar().count()).toBe(0);
  });

  it('signs out, is refused a wrong password, and signs in from the Login modal into their language', async () => {
    await signOutFromHeader(page, text);
    await page.getByRole('link', { name: text.signIn }).first().waitFor();

    // The player signs in on a page in the other language; the site then switches to the player's.
    const other = copy[locale === 'en' ? 'el' : 'en'];
    await visit(page, `${product.url}${other.prefix}/faq#Login`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel(other.email, { exact: true }).fill(address);
    await dialog.getByLabel(other.password, { exact: true }).fill('not the passphrase');
    await dialog.getByRole('button', { name: other.signIn, exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(other.invalid);

    await dialog.getByLabel(other.password, { exact: true }).fill(passphrase);
    await dialog.getByRole('button', { name: other.signIn, exact: true }).click();
    await page.waitForURL(`${product.url}${text.prefix}/faq`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
  });
});
