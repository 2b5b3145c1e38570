import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { locales } from './harness/copy.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * Safer play per licence (issue 35) in the game's frame: on a product run with LICENSE=ukgc the slot
 * offers no autoplay and no quick spins, its Spin button never stops the reels early (no slam stop) and
 * waits 2.5 s after each round's start, saying how long is left (RTS 14); on the standard product
 * (Curaçao) autoplay and quick spins are offered and rounds follow each other at once.
 * Visitors play the demo, which the launch tells the same rules as real money.
 */

const screenshot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** What the player reads, written out so a spec fails when the words change. */
const words = {
  en: {
    prefix: '',
    spin: 'Spin',
    skip: 'Skip',
    autoplay: 'Autoplay',
    quick: 'Quick spins',
    nextRound: /^Next round in [0-2]\.\d s$/,
  },
  el: {
    prefix: '/el',
    spin: 'Γύρισμα',
    skip: 'Παράλειψη',
    autoplay: 'Αυτόματο',
    quick: 'Γρήγορα γυρίσματα',
    nextRound: /^Επόμενος γύρος σε [0-2],\d δευτ\.$/,
  },
} as const;

let uk: SharedProduct;
let standard: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [uk, standard, browser] = await Promise.all([
    sharedProduct('ukgc'),
    sharedProduct('standard'),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe.each(locales)('safer play per licence (%s)', (locale) => {
  const word = words[locale];
  let context: BrowserContext;
  beforeAll(async () => {
    // Reels that land at once: a round is over on screen well inside the UK's 2.5 s.
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  });
  afterAll(() => context?.close());

  /** Golden Drachma's demo on a product, ready to play: its frame and its Spin button. */
  async function slot(product: SharedProduct) {
    const page = await context.newPage();
    await visit(page, `${product.url}${word.prefix}/game/golden-drachma`);
    const frame = page.frameLocator('iframe.game-stage__frame');
    const spin = frame.getByRole('button', { name: word.spin, exact: true });
    await expect.poll(() => spin.isEnabled()).toBe(true);
    return { page, frame, spin };
  }

  /**
   * Plays a round (its answer awaited, so it is no click the page had not taken yet) and skips to its
   * end on screen, as a second press does, so its outcome is shown.
   */
  async function playRound(page: Page, frame: FrameLocator, spin: Locator) {
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/games-api/rounds') && response.request().method() === 'POST',
    );
    await spin.click();
    expect((await answered).status()).toBe(200);
    // Gone already when the round was over on screen first: nothing is pressed then.
    const skip = frame.getByRole('button', { name: word.skip, exact: true });
    if ((await skip.count()) > 0) await skip.click({ timeout: 1_000 }).catch(() => {});
  }

  it('offers no autoplay or quick play under the UK licence and keeps Spin waiting 2.5 s, saying how long', async () => {
    const { page, frame, spin } = await slot(uk);
    expect(await frame.getByRole('button', { name: word.autoplay, exact: true }).count()).toBe(0);
    expect(await frame.locator('.autoplay').count()).toBe(0);
    expect(await frame.getByRole('checkbox', { name: word.quick }).count()).toBe(0);

    const started = Date.now();
    // The round shows to its end: while it does, the button is no Skip (no slam stop), only disabled.
    const answered = page.waitForResponse(
      (response) => response.url().endsWith('/games-api/rounds') && response.request().method() === 'POST',
    );
    await spin.click();
    expect((await answered).status()).toBe(200);
    expect(await frame.getByRole('button', { name: word.skip, exact: true }).count()).toBe(0);
    const timer = frame.getByTestId('next-round');
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(word.nextRound);
    expect(await spin.isDisabled()).toBe(true);
    expect(await spin.getAttribute('aria-describedby')).toBe(await timer.getAttribute('id'));
    await page.screenshot({ path: screenshot(`safer-play-uk-${locale}`) });

    // Space asks for nothing meanwhile: the frame's keys wait with the button.
    await frame.locator('.slot-stage').click();
    await page.keyboard.press('Space');
    expect(await frame.locator('.studio-problem').count()).toBe(0);

    await expect.poll(() => spin.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(await timer.count()).toBe(0);

    // The next round is played, not refused: its wait starts again, and no problem is shown.
    await playRound(page, frame, spin);
    await timer.waitFor();
    expect(await frame.locator('.studio-problem').count()).toBe(0);
    await page.close();
  });

  it('offers autoplay under the default licence and lets rounds follow each other at once', async () => {
    const { page, frame, spin } = await slot(standard);
    await frame.getByRole('button', { name: word.autoplay, exact: true }).waitFor();
    await frame.getByRole('checkbox', { name: word.quick }).waitFor();

    for (let round = 0; round < 2; round++) {
      await playRound(page, frame, spin);
      await expect.poll(() => spin.isEnabled()).toBe(true);
      expect(await frame.getByTestId('next-round').count()).toBe(0);
    }
    expect(await frame.locator('.studio-problem').count()).toBe(0);
    await page.close();
  });
});
