import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');

describe('a chunk that is gone after a deploy (spec §8)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('reloads to the page the visitor was going to, not the one they left (issue 31 item 12)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/faq`);
    // The promotions page's module, as a deploy that replaced it leaves it: missing, until the next page load.
    let deployed = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) deployed = true;
    });
    await page.route(/\/assets\/promotions-[\w-]+\.js$/, (route) =>
      deployed ? route.continue() : route.fulfill({ status: 404, body: 'gone' }),
    );

    // The header's link: a client-side navigation whose module is missing.
    await page.getByRole('banner').getByRole('link', { name: 'Promotions', exact: true }).first().click();
    await page.waitForURL(`${baseUrl}/promotions`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(deployed).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/promotions');
    await context.close();
  });
});
