import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, live } from './browser.ts';
import { copy } from './harness/copy.ts';
import { accountButton, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/*
 * Stylesheets load per route (issue 35): the shell's own on every page, a feature's where its
 * components render. What a page's HTML links is read from the HTML itself, the way a browser's first
 * paint sees it; what arrives later (the cashier opened over a page) is read in Chromium.
 */

let product: SharedProduct;
let browser: Browser;
let player: BrowserContext;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
  const email = uniqueAddress('route-styles');
  const password = 'Lantern-Harbour-58';
  await createPlayer(product.url, { email, password, language: 'en', country: 'GR' });
  player = await browser.newContext();
  await signInContext(player, product.url, email, password);
});
afterAll(async () => {
  await browser?.close();
});

/** The text of every stylesheet a page's HTML links, fetched as a browser would (signed in or not). */
async function linkedStyles(path: string, signedIn: boolean): Promise<string> {
  const get = async (url: string) => {
    if (signedIn) {
      const answer = await player.request.get(url);
      expect(answer.status(), url).toBe(200);
      return answer.text();
    }
    const answer = await fetch(url);
    expect(answer.status, url).toBe(200);
    return answer.text();
  };
  const html = await get(`${product.url}${path}`);
  const hrefs = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
  expect(hrefs.length, `${path} links a stylesheet`).toBeGreaterThan(0);
  const sheets = await Promise.all(hrefs.map((href) => get(new URL(href as string, product.url).href)));
  return sheets.join('\n');
}

/** Whether the styles define a rule for this class (minified: `.name{` or `.name,` or `.name:`…). */
const defines = (styles: string, className: string) => new RegExp(`\\.${className}(?![\\w-])`).test(styles);

describe('the stylesheets a page links', () => {
  it('are the shell alone on a content page: no lobby, cashier, bonus or reality-check styles', async () => {
    const styles = await linkedStyles('/faq', false);
    expect(defines(styles, 'header')).toBe(true);
    for (const feature of [
      'game-card',
      'cashier',
      'account-card',
      'bonus-card',
      'reality-check',
      'deposit-offer',
    ])
      expect(defines(styles, feature), feature).toBe(false);
  });

  it("include the lobby's on the lobby and the cashier's on a wallet page, and not each other's", async () => {
    const lobby = await linkedStyles('/games/all', false);
    expect(defines(lobby, 'game-card')).toBe(true);
    expect(defines(lobby, 'cashier')).toBe(false);

    const wallet = await linkedStyles('/profile/wallet/balance', true);
    expect(defines(wallet, 'account-card')).toBe(true);
    expect(defines(wallet, 'game-card')).toBe(false);
  });

  it("carry the header balance's styles in a player's first HTML, where the server renders it", async () => {
    // The account selector's code loads lazily; its markup is in the HTML, so its styles must be too.
    for (const path of ['/', '/faq', '/profile/general'])
      expect(defines(await linkedStyles(path, true), 'account-selector__toggle'), path).toBe(true);
  });
});

describe('styles that arrive after the page', () => {
  it("win over the shell's when the cashier opens over a page that did not link them", async () => {
    const page = await player.newPage();
    // Opened with the page (a link to /faq#CashierAuth): its chunk and the header's load together.
    await page.goto(`${product.url}/faq#CashierAuth`);
    await live(accountButton(page, copy.en));
    const cashier = page.locator('[data-modal="CashierAuth"] .cashier');
    await cashier.waitFor();
    // The shell dims a modal's body text; the cashier's own sheet sets its text to the page's. Its
    // file arrives last, and Vite links the shell's file again after it: the cascade layer decides.
    await expect
      .poll(() =>
        cashier.evaluate((node) => {
          const probe = document.createElement('span');
          probe.style.color = 'var(--text)';
          document.body.append(probe);
          const text = getComputedStyle(probe).color;
          probe.remove();
          return getComputedStyle(node).color === text;
        }),
      )
      .toBe(true);
    await page.close();
  });
});
