import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { linkTo } from './harness/mailbox.ts';
import {
  accountButton,
  createPlayer,
  problemOf,
  signInOnPage,
  signOutFromHeader,
  uniqueAddress,
} from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/** A player who forgot their password chooses a new one through the link of a reset email. */
let product: SharedProduct;
beforeAll(async () => {
  product = await sharedProduct('standard');
});

describe.each(locales)('resetting a forgotten password (%s)', (locale) => {
  const text = copy[locale];
  const address = uniqueAddress(`forgetful-${locale}`);
  const oldPassphrase = 'the passphrase I forgot';
  const newPassphrase = 'a brand new passphrase';
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    await createPlayer(product.url, { email: address, password: oldPassphrase, language: locale });
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it('asks for a reset link from the sign-in page and is told it is on its way', async () => {
    await visit(page, `${product.url}${text.prefix}/users/sign_in`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: text.forgotPassword }).click();
    await page.waitForURL(`${product.url}${text.prefix}/users/password/new`);
    await page.getByRole('heading', { level: 1, name: text.resetTitle }).waitFor();

    await page.getByLabel(text.email, { exact: true }).fill(address);
    await page.getByRole('button', { name: text.sendResetLink }).click();
    const sent = page.getByRole('status').filter({ hasText: text.resetSent(address) });
    await sent.waitFor();
  });

  it('opens the emailed link, chooses a new password and is signed in', async () => {
    const mail = await product.mail(address, text.mail.resetPassword);
    const link = linkTo(mail, `${text.prefix}/users/password/edit`);
    await page.goto(`${product.url}${link}`);
    await page.getByRole('heading', { level: 1, name: text.newPasswordTitle }).waitFor();
    await page.waitForLoadState('networkidle');

    // The two entries must match before anything is sent.
    await page.getByLabel(text.newPassword, { exact: true }).fill(newPassphrase);
    await page.getByLabel(text.confirmPassword, { exact: true }).fill(`${newPassphrase}!`);
    await page.getByRole('button', { name: text.saveNewPassword }).click();
    expect(await problemOf(page, 'password-edit', 'password_confirmation').textContent()).toBe(text.mismatch);

    await page.getByLabel(text.confirmPassword, { exact: true }).fill(newPassphrase);
    await page.getByRole('button', { name: text.saveNewPassword }).click();
    await page.waitForURL(`${product.url}${text.prefix || '/'}`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
  });

  it('no longer gets in with the old password, only with the new one', async () => {
    await signOutFromHeader(page, text);
    await page.getByRole('link', { name: text.signIn }).first().waitFor();

    await visit(page, `${product.url}${text.prefix}/users/sign_in`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(address);
    await page.getByLabel(text.password, { exact: true }).fill(oldPassphrase);
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    expect(await page.getByRole('alert').textContent()).toBe(text.invalid);
    expect(await page.locator('.header__account').count()).toBe(0);

    await signInOnPage(page, product.url, text, address, newPassphrase);
    expect(await page.locator('.header__account').textContent()).toBe(address);
  });
});

/** The request page is a plain form too: a browser without JavaScript gets the same answer and email. */
describe.each(locales)('asking for a reset link without JavaScript (%s)', (locale) => {
  const text = copy[locale];
  const address = uniqueAddress(`plain-${locale}`);
  let browser: Browser;
  beforeAll(async () => {
    await createPlayer(product.url, {
      email: address,
      password: 'the passphrase I forgot',
      language: locale,
    });
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('posts the form to its page, which says the link is on its way, and the email comes', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.url}${text.prefix}/users/password/new`);
    await page.getByLabel(text.email, { exact: true }).fill(`  ${address}`);
    await page.getByRole('button', { name: text.sendResetLink }).click();
    await page
      .getByRole('status')
      .filter({ hasText: text.resetSent(address) })
      .waitFor();
    expect(
      linkTo(await product.mail(address, text.mail.resetPassword), `${text.prefix}/users/password/edit`),
    ).toBeTruthy();

    // An address that is not one comes back beside the field, as typed.
    await page.goto(`${product.url}${text.prefix}/users/password/new`);
    await page.getByLabel(text.email, { exact: true }).fill('not an address');
    await page.getByRole('button', { name: text.sendResetLink }).click();
    await page.getByText(text.invalidEmail, { exact: true }).waitFor();
    expect(await page.getByLabel(text.email, { exact: true }).inputValue()).toBe('not an address');
    await context.close();
  });
});
