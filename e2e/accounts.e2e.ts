import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

const copy = {
  en: {
    prefix: '',
    email: 'Email address',
    password: 'Password',
    terms: 'I accept the terms and conditions and the privacy policy',
    age: 'I am at least 18 years old',
    create: 'Create account',
    required: 'Field is required',
    invalidEmail: 'Must be a valid email',
    short: 'Must be at least 8 characters',
    signOut: 'Sign out',
    signIn: 'Sign in',
    invalid: 'Invalid email or password',
  },
  el: {
    prefix: '/el',
    email: 'Διεύθυνση email',
    password: 'Κωδικός',
    terms: 'Αποδέχομαι τους όρους και προϋποθέσεις και την πολιτική απορρήτου',
    age: 'Είμαι τουλάχιστον 18 ετών',
    create: 'Δημιουργία λογαριασμού',
    required: 'Το πεδίο είναι υποχρεωτικό',
    invalidEmail: 'Πρέπει να είναι έγκυρο email',
    short: 'Πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
    signOut: 'Αποσύνδεση',
    signIn: 'Σύνδεση',
    invalid: 'Λάθος email ή κωδικός',
  },
} as const;

describe.each(['en', 'el'] as const)('accounts in the browser (%s)', (locale) => {
  const text = copy[locale];
  const address = `player-${locale}-${Date.now()}@example.gr`;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  const problemOf = (field: string) =>
    page.locator(`#auth-${field}-problem, #auth-${field} ~ .field__problem`).first();

  it('shows the field messages, then registers and signs the player in', async () => {
    await page.goto(`${baseUrl}${text.prefix}/users/sign_up`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: text.create }).click();
    expect(await problemOf('email').textContent()).toBe(text.required);
    expect(await problemOf('terms_acceptance').textContent()).toBe(text.required);

    await page.getByLabel(text.email).fill('not-an-email');
    await page.getByLabel(text.password).fill('short');
    await page.getByRole('button', { name: text.create }).click();
    expect(await problemOf('email').textContent()).toBe(text.invalidEmail);
    expect(await problemOf('password').textContent()).toBe(text.short);
    expect(await page.getByLabel(text.age).isDisabled()).toBe(true);

    await page.getByLabel(text.email).fill(address);
    await page.getByLabel(text.password).fill('a sturdy passphrase');
    await page.getByLabel(text.terms).check();
    await page.getByLabel(text.age).check();
    await page.getByRole('button', { name: text.create }).click();
    await page.waitForURL(`${baseUrl}${text.prefix || '/'}`);
    await page.getByRole('button', { name: text.signOut }).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
  });

  it('signs out, refuses a wrong password, and signs in from the Login modal into the player’s language', async () => {
    await page.getByRole('button', { name: text.signOut }).click();
    await page.getByRole('link', { name: text.signIn }).first().waitFor();

    // The player signs in on a page in the other language; the site then switches to the player's.
    const other = copy[locale === 'en' ? 'el' : 'en'];
    await page.goto(`${baseUrl}${other.prefix}/faq#Login`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel(other.email).fill(address);
    await dialog.getByLabel(other.password).fill('not the passphrase');
    await dialog.getByRole('button', { name: other.signIn }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(other.invalid);

    await dialog.getByLabel(other.password).fill('a sturdy passphrase');
    await dialog.getByRole('button', { name: other.signIn }).click();
    await page.waitForURL(`${baseUrl}${text.prefix}/faq`);
    await page.getByRole('button', { name: text.signOut }).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(address);
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
  });
});
