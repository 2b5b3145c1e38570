import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { balanceToggle, expectText, headerBalance } from './harness/wallet.ts';

/**
 * Spec §4 for a signed-in player: switching the language stores it as the player's language (PATCH
 * /player/update_locale), which then decides the language the site opens in when they sign in
 * again; and switching the account sets the active currency, then reads the accounts and the player
 * again, without a reload.
 */
const { url: baseUrl } = await sharedProduct('standard');
const passphrase = 'Lantern-Harbour-58';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The player as the API knows them, read with the page's session. */
const storedPlayer = async (page: Page) =>
  (await (await page.request.get(`${baseUrl}/api/player`)).json()) as { language: string; currency: string };

/** The player the page's router last loaded (spec §4: "reloads … player"). */
const loadedPlayer = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __reactRouterDataRouter: { state: { loaderData: { root?: { player?: { currency: string } } } } };
        }
      ).__reactRouterDataRouter.state.loaderData.root?.player?.currency,
  );

describe.each(locales)('a player who switches language and account (%s)', (locale) => {
  const text = copy[locale];
  const other = locale === 'en' ? 'el' : 'en';
  const otherText = copy[other];
  const email = uniqueAddress(`language-${locale}`);

  beforeAll(async () => {
    await createPlayer(baseUrl, { email, password: passphrase, language: locale, country: 'GR' });
  });

  it(`switches to ${other}: the choice is stored as their language and opens the site in it at the next sign-in`, async () => {
    const context = await browser.newContext();
    try {
      await signInContext(context, baseUrl, email, passphrase);
      const page = await context.newPage();
      // The language link stores the choice once the page is live (the balance is in the server's HTML).
      await visit(page, `${baseUrl}${text.prefix}/faq`);
      await expectText(headerBalance(page, text), text.money(0));
      expect((await storedPlayer(page)).language).toBe(locale);

      const stored = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/player/update_locale' &&
          response.request().method() === 'PATCH',
      );
      await page.getByRole('banner').locator(`a[hreflang="${other}"]`).click();
      await page.waitForURL(`${baseUrl}${otherText.prefix}/faq`);
      const answer = await stored;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ locale: other });
      expect((await storedPlayer(page)).language).toBe(other);
      // The address changes first; the page in the other language follows.
      await page.waitForFunction((lang) => document.documentElement.lang === lang, other);
    } finally {
      await context.close();
    }

    // Signed in again on a page in the language they left: the site opens in the one they chose.
    const fresh = await browser.newContext();
    try {
      const page = await fresh.newPage();
      await visit(page, `${baseUrl}${text.prefix}/users/sign_in`);
      await page.waitForLoadState('networkidle');
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(passphrase);
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
      await page.waitForURL((url) =>
        other === 'el' ? url.pathname.startsWith('/el') : !url.pathname.startsWith('/el'),
      );
      await expectText(headerBalance(page, otherText), otherText.money(0));
      // The address changes first; the page in the other language follows.
      await page.waitForFunction((lang) => document.documentElement.lang === lang, other);
    } finally {
      await fresh.close();
    }
  });

  it('switches account from the header: the page reads the player and the wallet again, no reload', async () => {
    const context = await browser.newContext();
    try {
      await signInContext(context, baseUrl, email, passphrase);
      // A second account, in pounds, opened (and made active) before the page is loaded.
      const opened = await context.request.post(`${baseUrl}/api/player/accounts`, {
        data: { currency: 'GBP' },
      });
      expect(opened.status()).toBe(200);
      // The site opens in the player's language (the previous test switched it).
      const page = await context.newPage();
      await visit(page, `${baseUrl}${otherText.prefix}/faq`);
      await expectText(headerBalance(page, otherText), otherText.money(0, '£'));
      expect(await loadedPlayer(page)).toBe('GBP');

      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('.data')) calls.push(`${request.method()} ${url.pathname}`);
      });
      let loads = 0;
      page.on('load', () => loads++);

      await balanceToggle(page, otherText).click();
      await page
        .getByRole('list', { name: otherText.wallet.yourAccounts })
        .getByRole('button', { name: /^EUR/ })
        .click();
      await expectText(headerBalance(page, otherText), otherText.money(0));
      // The player the page holds follows the active account: read again along with the accounts.
      await expect.poll(() => loadedPlayer(page)).toBe('EUR');
      // The switch posts to the balance page's action; the page's loaders, the root's among them, run again.
      const switched = calls.indexOf(`POST ${otherText.prefix}/profile/wallet/balance.data`);
      expect(switched).toBeGreaterThanOrEqual(0);
      expect(calls.slice(switched + 1)).toContain(`GET ${otherText.prefix}/faq.data`);
      expect((await storedPlayer(page)).currency).toBe('EUR');
      expect(loads).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/**
 * A page's data is read in the page's language, not the browser's: a Greek page opened by a browser set
 * to English (and the other way round) shows the tournament's rules, written by its loader into the
 * server's HTML and into a client navigation's data, in the page's language.
 */
describe("a page's data in the page's language", () => {
  const rule = {
    en: 'Every €1 bet with real money on a tournament game earns 1 point.',
    el: 'Κάθε €1 με πραγματικά χρήματα σε παιχνίδι του τουρνουά δίνει 1 πόντο.',
  } as const;
  const browserLanguage = { en: 'el-GR,el;q=0.9', el: 'en-GB,en;q=0.9' } as const;

  it.each(locales)('reads the %s page in its language from a browser in the other', async (locale) => {
    const other = locale === 'en' ? 'el' : 'en';
    const address = `${baseUrl}${copy[locale].prefix}/tournaments/active/winter-reels-race`;
    const html = await (
      await fetch(address, { headers: { 'accept-language': browserLanguage[locale] } })
    ).text();
    expect(html).toContain(rule[locale]);
    expect(html).not.toContain(rule[other]);

    const context = await browser.newContext({ locale: browserLanguage[locale].split(',')[0] });
    try {
      const page = await context.newPage();
      await visit(page, `${baseUrl}${copy[locale].prefix}/tournaments/active`);
      await page
        .locator(`a[href="${copy[locale].prefix}/tournaments/active/winter-reels-race"]`)
        .first()
        .click();
      await page.getByText(rule[locale], { exact: true }).waitFor();
      expect(await page.getByText(rule[other], { exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
