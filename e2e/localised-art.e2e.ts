import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

/**
 * Art in the page's language (issue 35): on /el the studio's game tiles are lettered in Greek (drawn
 * by its own script) and the promotions' banners read in Greek; the English site keeps its own.
 */
const { url: baseUrl } = await sharedProduct('standard');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The artwork files the page's images show (through the image optimiser or not). */
const artOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((images) =>
      images.map((image) => (image.getAttribute('src') ?? '').replace(/^.*?(\/images\/)/, '$1')),
    );

describe('art in the language of the page', () => {
  it('letters game tiles in Greek on /el and in English on the English site', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${baseUrl}/el/games/all`);
    await page.locator('.game-card img').first().waitFor();
    const greek = await artOf(page, '.game-card img');
    expect(greek.length).toBeGreaterThan(5);
    for (const art of greek) expect(art).toMatch(/^\/images\/games\/el\/[a-z0-9-]+\.svg$/);
    // The file itself is lettered in Greek.
    const drachma = await (await fetch(`${baseUrl}/images/games/el/golden-drachma.svg`)).text();
    expect(drachma).toContain('<title>Χρυσή Δραχμή</title>');

    await visit(page, `${baseUrl}/games/all`);
    await page.locator('.game-card img').first().waitFor();
    for (const art of await artOf(page, '.game-card img'))
      expect(art).toMatch(/^\/images\/games\/[a-z0-9-]+\.svg$/);
    await page.close();
  });

  it("shows the promotions' banners in Greek on /el", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${baseUrl}/el/promotions`);
    await page.locator('[data-promotion] img').first().waitFor();
    const greek = await artOf(page, '[data-promotion] img');
    expect(greek).toContain('/images/promotions/el/welcome-package.svg');
    expect(greek).toContain('/images/promotions/el/weekend-reload.svg');
    const banner = await (await fetch(`${baseUrl}/images/promotions/el/weekend-reload.svg`)).text();
    expect(banner).toContain('>ΠΑΡΑΣΚΕΥΗ – ΚΥΡΙΑΚΗ<');

    await visit(page, `${baseUrl}/promotions`);
    await page.locator('[data-promotion] img').first().waitFor();
    expect(await artOf(page, '[data-promotion] img')).toContain('/images/promotions/welcome-package.svg');
    await page.close();
  });
});
