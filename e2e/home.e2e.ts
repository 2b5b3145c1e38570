import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');
/** Screenshots are kept (not committed) for a person to look at after a run. */
const screenshot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

describe('home page in a browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function open(path: string, viewport = { width: 1280, height: 900 }) {
    page = await browser.newPage({ viewport });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    return { response, errors };
  }

  it('renders the English home page on the server', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(html).toContain('Play golden. Get paid fast.');
    expect(html).toMatch(/<title>[^<]*Chrysos[^<]*<\/title>/);
  });

  it('hydrates: the menu opens and closes on a phone, with no errors in the console', async () => {
    const { response, errors } = await open('/', { width: 390, height: 844 });
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The menu's body is fetched when it first opens (a spinner until then), not with the page.
    await menu.getByRole('link').first().waitFor();
    expect(await menu.getByRole('link').count()).toBeGreaterThan(5);
    await page.screenshot({ path: screenshot('home-mobile-menu') });
    await menu.getByRole('button', { name: 'Close' }).click();
    await menu.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves Greek under /el and switches language without a full page load', async () => {
    const { response, errors } = await open('/el');
    expect(response?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('el');
    expect(await page.textContent('h1')).toBe('Παίξτε χρυσά. Πληρωθείτε γρήγορα.');
    await page.screenshot({ path: screenshot('home-el'), fullPage: true });

    // A marker on window survives client-side navigation but not a document reload.
    await page.evaluate(() => Object.assign(window, { stayedOnDocument: true }));
    await page.getByRole('link', { name: 'EN' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Play golden. Get paid fast.' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toMatch(/Chrysos/);
    expect(await page.evaluate(() => (window as { stayedOnDocument?: boolean }).stayedOnDocument)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers an unknown page with a real 404 titled "Page not found" in the visitor\'s language', async () => {
    const english = await open('/no-such-page');
    expect(english.response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Page not found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();

    const greek = await open('/el/no-such-page');
    expect(greek.response?.status()).toBe(404);
    expect(await page.textContent('h1')).toBe('Η σελίδα δεν βρέθηκε');
    await page.close();
  });

  it('serves hashed assets with immutable cache headers', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('names its messages at an address the browser keeps, rather than carrying them in every page', async () => {
    const html = await (await fetch(`${baseUrl}/el`, { headers: { cookie: 'i18n_redirected=el' } })).text();
    const address = html.match(/<script defer="" src="[^"]+" data-catalogue="([^"]+)"/)?.[1];
    expect(address).toMatch(/^\/i18n\/el\.[0-9a-f]{12}\.json$/);
    const response = await fetch(`${baseUrl}${address}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The script the page loads files the same messages under that address.
    const script = await (await fetch(`${baseUrl}${address?.replace(/json$/, 'js')}`)).text();
    expect(script.startsWith(`(self.chrysosMessages ||= {})[${JSON.stringify(address)}] = {`)).toBe(true);
    const messages = (await response.json()) as { wallet: { balance: string } };
    expect(messages.wallet.balance).toBe('Υπόλοιπο');
    // The page holds the words it shows, not the whole catalogue: not the signed-in wallet's.
    expect(html).not.toContain('Διαθέσιμο για ανάληψη');
    expect(html.length).toBeLessThan(60_000);
  });
});
