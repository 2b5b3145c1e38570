import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copy } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/*
 * What a signed-in player's first paint holds before the page's code runs (issue 35, layout shift):
 * each of these arrived after the paint and moved the page, measured by bench/page-shift.ts.
 */

let product: SharedProduct;
let browser: Browser;
let player: BrowserContext;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
  const email = uniqueAddress('first-paint');
  const password = 'Lantern-Harbour-58';
  await createPlayer(product.url, { email, password, language: 'en', country: 'GR' });
  player = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(player, product.url, email, password);
});
afterAll(async () => {
  await browser?.close();
});

describe("a signed-in player's page before its code runs", () => {
  it('has the header whole in the HTML, not swapped in by a script later in the document', async () => {
    const html = await (await player.request.get(`${product.url}/promotions`)).text();
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('account-selector__toggle');
    expect(header).toContain('account-menu__toggle');
    // React outlines a large boundary behind its fallback (`<template id="B:0">`) unless told not to.
    expect(html).not.toMatch(/<template id="B:\d+"/);
  });

  it("sizes a game's stage as the HTML is parsed", async () => {
    const page = await player.newPage();
    // Only the page's inline scripts run: its modules never arrive.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(`${product.url}/game/golden-drachma`, { waitUntil: 'load' });
    const { top, measured } = await page.locator('.game-stage').evaluate((stage) => ({
      top: `${Math.round(stage.getBoundingClientRect().top + window.scrollY)}px`,
      measured: getComputedStyle(stage).getPropertyValue('--stage-top'),
    }));
    expect(measured).toBe(top);
    await page.close();
  });

  it("shows the lobby's and a slot's jackpot ticker from the HTML", async () => {
    for (const path of ['/games/all', '/game/golden-drachma']) {
      const html = await (await player.request.get(`${product.url}${path}`)).text();
      expect(html, path).toContain('data-jackpot-ticker');
    }
  });

  it("shows each player their own tournament badge in a game's HTML: joined, or asked to join", async () => {
    const list = (await (await player.request.get(`${product.url}/api/tournaments`)).json()) as {
      id: string;
      state: string;
      title: string;
      frontend_identifier: string;
      games: { url_id: string }[];
    }[];
    const running = list.find(
      (entry) => entry.state === 'active' && entry.games.some((game) => game.url_id === 'golden-drachma'),
    );
    if (!running) throw new Error('the demo content has no active tournament for Golden Drachma');
    // Another player, in Greek, joins it; this file's player does not.
    const email = uniqueAddress('first-paint-joined');
    await createPlayer(product.url, { email, password: 'Lantern-Harbour-58', language: 'el', country: 'GR' });
    const joined = await browser.newContext();
    await signInContext(joined, product.url, email, 'Lantern-Harbour-58');
    const confirmed = await joined.request.post(
      `${product.url}/api/tournaments/${running.frontend_identifier}/confirm`,
      { data: { confirmed: true } },
    );
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    const badgeOf = async (who: BrowserContext, prefix: string) => {
      const html = await (
        await who.request.get(`${product.url}${prefix}/game/golden-drachma?mode=real`)
      ).text();
      return /class="tournament-badge"[^>]*>(.*?)<\/a>/s
        .exec(html)?.[1]
        ?.replace(/<[^>]+>|<!-- -->/g, '')
        .trim();
    };
    expect(await badgeOf(player, '')).toBe(`🏆 ${running.title}: join to earn points`);
    expect(await badgeOf(joined, copy.el.prefix)).toBe(
      `🏆 ${running.title}: τα στοιχήματά σας εδώ δίνουν πόντους`,
    );
    await joined.close();
  });
});
