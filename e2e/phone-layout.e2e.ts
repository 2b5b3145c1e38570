import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';

/**
 * Issue 35, what a phone got wrong: targets under 24 px (the menu button, the footer's links), the
 * profile's tab strip leaving the current tab off screen, the payments table cut at the side, and the
 * game frame telling a touch player which keys to press.
 */
const { url: baseUrl } = await sharedProduct('standard');
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not displayed');
  return found;
};

describe('on a phone', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext(phone);
  });
  afterAll(() => context?.close());

  it('makes the menu button and every footer link at least 24 px in both directions', async () => {
    const page = await context.newPage();
    await visit(page, `${baseUrl}/`);
    const menu = await box(page.getByRole('button', { name: 'Open menu' }));
    expect(Math.min(menu.width, menu.height)).toBeGreaterThanOrEqual(24);
    const links = await page.locator('.footer__columns a').all();
    expect(links.length).toBeGreaterThan(4);
    for (const link of links) {
      const { width, height } = await box(link);
      expect(Math.min(width, height), (await link.textContent()) ?? '').toBeGreaterThanOrEqual(24);
    }
    await page.close();
  });

  it('shows every payment method whole, nothing wider than the screen', async () => {
    const page = await context.newPage();
    await visit(page, `${baseUrl}/payments`);
    const rows = await page.locator('.payments__table tbody tr').all();
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const { x, width } = await box(row);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(phone.viewport.width);
    }
    // Each figure says what it is: the column's heading goes with it.
    await page.locator('.payments__table td[data-label="Fee"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      phone.viewport.width,
    );
    await page.close();
  });

  it('keeps the current profile tab in view, whichever tab it is', async () => {
    const email = uniqueAddress('tabs');
    const password = 'Harbour-Lantern-42';
    await createPlayer(baseUrl, { email, password, language: 'en', country: 'GR' });
    const player = await browser.newContext(phone);
    await signInContext(player, baseUrl, email, password);
    const page = await player.newPage();
    for (const path of ['/profile/lottery', '/profile/limits', '/profile/general']) {
      await visit(page, `${baseUrl}${path}`);
      const strip = page.locator('.profile__tabs');
      const current = strip.locator('[aria-current="page"]');
      await expect
        .poll(async () => {
          const [area, tab] = [await box(strip), await box(current)];
          return tab.x >= area.x && tab.x + tab.width <= area.x + area.width;
        })
        .toBe(true);
    }
    await player.close();
  });

  it('leaves the strip where the player scrolled it before the page came alive, so their tap lands', async () => {
    const email = uniqueAddress('tabs-early');
    const password = 'Harbour-Lantern-42';
    await createPlayer(baseUrl, { email, password, language: 'el', country: 'GR' });
    const player = await browser.newContext(phone);
    await signInContext(player, baseUrl, email, password);
    const page = await player.newPage();
    // The page's scripts are held back, as on a slow phone, until the player has scrolled the strip.
    let release = () => {};
    const scrolled = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await scrolled;
      await route.continue();
    });
    await page.goto(`${baseUrl}/el/profile/general`, { waitUntil: 'domcontentloaded' });
    const strip = page.locator('.profile__tabs');
    const limitsTab = strip.getByRole('link', { name: 'Υπεύθυνο παιχνίδι', exact: true });
    await limitsTab.scrollIntoViewIfNeeded();
    const left = await strip.evaluate((element) => element.scrollLeft);
    expect(left).toBeGreaterThan(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    expect(await strip.evaluate((element) => element.scrollLeft)).toBe(left);
    await limitsTab.click();
    await page.waitForURL((url) => url.pathname === '/el/profile/limits');
    await player.close();
  });

  it('tells a touch player to tap, and a desktop player which keys play', async () => {
    const touch = await context.newPage();
    await visit(touch, `${baseUrl}/game/golden-drachma`);
    const touchFrame = touch.frameLocator('.game-stage iframe.game-stage__frame');
    await touchFrame.getByText('Tap Spin to play a round.').waitFor();
    expect(await touchFrame.getByText('Space or Enter plays a round.').count()).toBe(0);
    await touch.close();

    const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await desktop.newPage();
    await visit(page, `${baseUrl}/game/golden-drachma`);
    await page
      .frameLocator('.game-stage iframe.game-stage__frame')
      .getByText('Space or Enter plays a round.')
      .waitFor();
    await desktop.close();
  });
});
