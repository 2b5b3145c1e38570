import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copy } from './harness/copy.ts';
import { type RunningProvider, startOpenIdProvider } from './harness/openid-provider.ts';
import { accountButton, problemOf, uniqueAddress } from './harness/players.ts';
import { freePort, type RunningProduct, startProduct } from './server.ts';

/**
 * Social sign-in against a real OpenID Provider this spec runs: the player picks it on the sign-in
 * page, signs in and consents on the provider's own pages, and comes back signed in to complete the
 * registration the provider could not.
 */
const client = { client_id: 'chrysos-e2e', client_secret: 'a-client-secret-only-this-spec-knows' };
/** The button shows the provider's label as the operator configured it. */
const providerButton = 'Test ID';
const eleni = {
  email: uniqueAddress('eleni'),
  email_verified: true,
  given_name: 'Eleni',
  family_name: 'Pappa',
};

let provider: RunningProvider;
let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  // The provider's client lists the product's callback, so the product's port is chosen first.
  const port = await freePort();
  provider = await startOpenIdProvider({
    client: { ...client, redirect_uris: [`http://127.0.0.1:${port}/users/auth/oidc-test/callback`] },
    accounts: { eleni, nikos: { given_name: 'Nikos' } },
  });
  product = await startProduct({
    port,
    env: {
      SOCIAL_PROVIDERS: JSON.stringify([
        { name: 'oidc-test', label: 'Test ID', issuer: provider.issuer, ...client },
      ]),
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await provider?.close();
});

/** A browser profile of its own: no session at the provider or the casino yet. */
async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  // The provider's development pages import a web font; this machine has no internet.
  await context.route(/^https:\/\//, (route) => route.abort());
  return { context, page: await context.newPage() };
}

/** On the provider's development login page: any password goes for a known login. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('whatever the provider asks');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // Consent to sharing the email address and name with the casino.
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('social sign-in with an OpenID provider', () => {
  it('signs a new player in from the sign-in page, then asks for what the provider did not give (en)', async () => {
    const text = copy.en;
    const { context, page } = await freshPage();
    await page.goto(`${product.url}/users/sign_in`);
    await page.getByRole('link', { name: text.continueWith(providerButton) }).click();
    await signInAtProvider(page, 'eleni');

    await page.waitForURL(`${product.url}/`);
    await accountButton(page, text).waitFor();
    expect(await page.locator('.header__account').textContent()).toBe(eleni.email);

    // The provider vouched for the address, so only the casino's own questions remain.
    const modal = page.getByRole('dialog', { name: text.completeRegistration });
    await modal.getByLabel(text.country).waitFor();
    expect(await modal.getByLabel(text.email, { exact: true }).count()).toBe(0);
    await modal.getByLabel(text.country).selectOption({ label: text.greece });
    await modal.getByRole('button', { name: text.saveAndContinue }).click();
    expect(await problemOf(page, 'complete-registration', 'terms_acceptance').textContent()).toBe(
      text.required,
    );
    expect(await modal.getByLabel(text.age).isDisabled()).toBe(true);
    await modal.getByLabel(text.terms).check();
    await modal.getByLabel(text.age).check();
    await modal.getByRole('button', { name: text.saveAndContinue }).click();
    await modal.waitFor({ state: 'detached' });

    // Complete for good: a fresh load opens nothing, and the verified address needs no confirming.
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.header__account').textContent()).toBe(eleni.email);
    expect(await page.locator('[data-modal]').count()).toBe(0);
    expect(await page.getByRole('complementary', { name: text.confirmBar }).count()).toBe(0);
    await context.close();
  });

  it('signs in a player whose provider gave no email, who then gives one in Greek (el)', async () => {
    const text = copy.el;
    const address = uniqueAddress('nikos');
    const { context, page } = await freshPage();
    await page.goto(`${product.url}/el/users/sign_in`);
    await page.getByRole('link', { name: text.continueWith(providerButton) }).click();
    await signInAtProvider(page, 'nikos');

    await page.waitForURL(`${product.url}/el`);
    await accountButton(page, text).waitFor();
    const modal = page.getByRole('dialog', { name: text.completeRegistration });
    await modal.getByLabel(text.email, { exact: true }).fill('not-an-email');
    await modal.getByRole('button', { name: text.saveAndContinue }).click();
    expect(await problemOf(page, 'complete-registration', 'email').textContent()).toBe(text.invalidEmail);
    expect(await problemOf(page, 'complete-registration', 'country').textContent()).toBe(text.required);

    await modal.getByLabel(text.email, { exact: true }).fill(address);
    await modal.getByLabel(text.country).selectOption({ label: text.greece });
    expect(await modal.getByLabel(text.currency).inputValue()).toBe('EUR');
    await modal.getByLabel(text.terms).check();
    await modal.getByLabel(text.age).check();
    await modal.getByRole('button', { name: text.saveAndContinue }).click();
    await modal.waitFor({ state: 'detached' });

    expect(await page.locator('.header__account').textContent()).toBe(address);
    // An address the provider did not vouch for is confirmed by email, like any other.
    const bar = page.getByRole('complementary', { name: text.confirmBar });
    expect(await bar.getByRole('status').textContent()).toBe(text.confirmBarText(address));
    await context.close();
  });

  it('brings a player who cancels at the provider back to the sign-in form with a message', async () => {
    const text = copy.en;
    const { context, page } = await freshPage();
    await page.goto(`${product.url}/users/sign_in`);
    await page.getByRole('link', { name: text.continueWith(providerButton) }).click();
    await page.waitForURL((url) => url.href.startsWith(`${provider.issuer}/interaction/`));
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await page.waitForURL(`${product.url}/users/sign_in?social_error=1`);
    expect(await page.getByRole('alert').textContent()).toBe(text.socialFailed);
    expect(await page.locator('.header__account').count()).toBe(0);
    await context.close();
  });

  it('says so, with the unlock link, when the account behind the provider is locked (el)', async () => {
    // Where the callback sends a locked account's player (the API tests cover the callback itself).
    const text = copy.el;
    const { context, page } = await freshPage();
    await page.goto(`${product.url}/el/users/sign_in?social_error=locked`);
    expect(await page.getByRole('alert').textContent()).toBe(text.locked);
    await page.getByRole('link', { name: text.unlockByEmail }).click();
    await page.waitForURL(`${product.url}/el/users/unlock/new`);
    await context.close();
  });
});
