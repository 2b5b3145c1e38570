import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { axeFindings, countByRule, describeFindings, type Finding } from './harness/axe.ts';
import { copy, type Locale } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { backFromPayment, headerShowsBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * Issue 35's bar (WCAG 2.2 AA, the European Accessibility Act): axe-core finds nothing serious or
 * critical on any page of the site, in both languages, on a phone and on a desktop, signed out and
 * signed in, inside the game frames of every engine of the studio too (target size included: axe's
 * target-size rule is WCAG 2.2's 2.5.8). Each test walks a group of pages in one tab and fails listing
 * every finding with its rule, element and page.
 */
const { url: baseUrl } = await sharedProduct('standard');

/** Every page of app/routes.ts a visitor can open, parameterised ones with real content. */
const publicPages = [
  '/',
  '/deposit',
  '/users/sign_in',
  '/users/sign_up',
  '/users/password/new',
  '/users/password/edit',
  '/users/confirmation',
  '/users/confirmation/new',
  '/users/unlock',
  '/users/unlock/new',
  '/faq',
  '/support',
  '/payments',
  '/providers',
  '/mobile-app',
  '/provably-fair',
  '/lottery',
  '/loyalty',
  '/jackpot',
  '/notifications',
  '/wheel-of-fortune',
  '/games/all',
  '/games/slots',
  '/tournaments/active',
  '/tournaments/active/winter-reels-race',
  '/tournaments/finished/autumn-spin-cup',
  '/promotions',
  '/promotions/welcome-package',
  '/terms-and-conditions',
  '/responsible-gaming',
  '/no-such-page',
  '/download-apk',
  '/download-ipa',
  '/promos/welcome',
];

/** The profile's pages: a signed-in player's, with the header, menus and pages that only they see. */
const playerPages = [
  '/',
  '/deposit',
  '/game/golden-drachma',
  '/notifications',
  '/profile/general',
  '/profile/general/security',
  '/profile/general/verification',
  '/profile/wallet/balance',
  '/profile/wallet/deposit',
  '/profile/wallet/withdrawal',
  '/profile/wallet/transactions',
  '/profile/bonuses',
  '/profile/limits',
  '/profile/lottery',
  '/profile/loyalty',
];

/** The modals a hash opens (registry.ts): a visitor's, and a signed-in player's. */
const visitorModals = ['Login', 'Register', 'ResetPassword', 'SearchGames', 'Menu', 'FortuneWheel'];
const playerModals = ['cashier', 'NotificationsList', 'ChangePassword', 'Menu'];

/** One title of each engine of the in-house studio. */
const studioGames = [
  'thunder-of-zeus',
  'midas-sevens',
  'european-roulette',
  'classic-blackjack',
  'hi-lo-dice',
];

const viewports = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const;
type Viewport = keyof typeof viewports;

const locales: Locale[] = ['en', 'el'];

describe('accessibility: axe-core finds nothing serious or critical (WCAG 2.2 AA)', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** A tab per viewport, signed out; and one per viewport for a player with money. */
  const visitorTabs = {} as Record<Viewport, Page>;
  const playerTabs = {} as Record<Viewport, Page>;
  /** Every finding of the run, for the counts printed at the end. */
  const everything: Finding[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const email = uniqueAddress('a11y');
    const password = 'Lantern-Harbour-58';
    await createPlayer(baseUrl, { email, password, language: 'en', country: 'GR' });
    for (const name of Object.keys(viewports) as Viewport[]) {
      const visitor = await browser.newContext(viewports[name]);
      const player = await browser.newContext(viewports[name]);
      contexts.push(visitor, player);
      await signInContext(player, baseUrl, email, password);
      visitorTabs[name] = await visitor.newPage();
      playerTabs[name] = await player.newPage();
    }
    // Money, so the games open in real money for the player (the stage without the play-money badge).
    const player = playerTabs.desktop;
    const started = await player.request.post(`${baseUrl}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 5_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await player.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(player, copy.en, 'success', copy.en.money(50));
    await backFromPayment(player, baseUrl, copy.en);
    await headerShowsBalance(player, copy.en, copy.en.money(50));
  });
  afterAll(async () => {
    const summary = countByRule(everything);
    if (Object.keys(summary).length > 0) console.info('axe findings by rule:', summary);
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  /** Opens each page in the tab, waits until it is live and settled, and collects axe's findings. */
  async function audit(page: Page, paths: string[], locale: Locale, label: string) {
    const findings: Finding[] = [];
    for (const path of paths) {
      const address = `${copy[locale].prefix}${path === '/' && locale === 'el' ? '' : path}`;
      if (path.startsWith('/game/')) {
        // A game page never goes network-idle on a desktop (its lobby strips keep loading art): it is
        // settled once the game in its frame is live, as in auditGames.
        await visit(page, `${baseUrl}${address}`);
        const frame = page.frameLocator('.game-stage iframe.game-stage__frame').first();
        await frame.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await frame.getByRole('button').first().waitFor();
      } else {
        await visitUntilQuiet(page, `${baseUrl}${address}`);
      }
      findings.push(...(await axeFindings(page, `${address} (${label})`)));
    }
    everything.push(...findings);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  /**
   * Opens a page and waits until it is live and no request has been under way for half a second
   * (Playwright's network-idle), naming the requests still open when it does not come, so a page that
   * never settles says why.
   */
  async function visitUntilQuiet(page: Page, url: string) {
    const open = new Set<Request>();
    const started = (request: Request) => open.add(request);
    const ended = (request: Request) => open.delete(request);
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    try {
      await visit(page, url);
      await page.waitForLoadState('networkidle').catch((error: Error) => {
        const still = [...open].map((request) => request.url().replace(baseUrl, ''));
        throw new Error(`${url} never went network-idle; still open: ${still.join(', ')}`, { cause: error });
      });
    } finally {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
  }

  /** Opens each modal over a page, waits until its body is there, audits the page with it open. */
  async function auditModals(page: Page, names: string[], locale: Locale, label: string) {
    const findings: Finding[] = [];
    for (const name of names) {
      const address = `${copy[locale].prefix}/faq#${name}`;
      await visit(page, `${baseUrl}${address}`);
      const modal = page.locator('.modal__panel[role="dialog"]');
      await modal.waitFor();
      await page.locator('.modal__loading').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      findings.push(...(await axeFindings(page, `${address} (${label})`)));
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    }
    everything.push(...findings);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  /** Opens a studio game and waits until its client in the frame is live, then audits page and frame. */
  async function auditGames(page: Page, locale: Locale, mode: 'demo' | 'real', label: string) {
    const findings: Finding[] = [];
    for (const game of studioGames) {
      const address = `${copy[locale].prefix}/game/${game}?mode=${mode}`;
      await visit(page, `${baseUrl}${address}`);
      const frame = page.frameLocator(`.game-stage[data-mode="${mode}"] iframe.game-stage__frame`);
      await frame.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // The game's controls are there once its session answered (a game page never goes network-idle
      // on a desktop: its lobby strips keep loading art).
      await frame.getByRole('button').first().waitFor();
      await frame.locator('.studio-bar__balance').waitFor();
      findings.push(...(await axeFindings(page, `${address} (${label})`)));
    }
    everything.push(...findings);
    expect(findings, describeFindings(findings)).toEqual([]);
  }

  for (const viewport of Object.keys(viewports) as Viewport[]) {
    for (const locale of locales) {
      it(`every public page, ${locale}, ${viewport}, signed out`, async () => {
        await audit(visitorTabs[viewport], publicPages, locale, `${locale}, ${viewport}, signed out`);
      });
      it(`the player's pages, ${locale}, ${viewport}, signed in`, async () => {
        await audit(playerTabs[viewport], playerPages, locale, `${locale}, ${viewport}, signed in`);
      });
      it(`the modals a hash opens, ${locale}, ${viewport}, signed out and in`, async () => {
        await auditModals(visitorTabs[viewport], visitorModals, locale, `${locale}, ${viewport}, signed out`);
        await auditModals(playerTabs[viewport], playerModals, locale, `${locale}, ${viewport}, signed in`);
      });
      it(`the studio's games in their frames, ${locale}, ${viewport}: demo and real money`, async () => {
        await auditGames(visitorTabs[viewport], locale, 'demo', `${locale}, ${viewport}, demo`);
        await auditGames(playerTabs[viewport], locale, 'real', `${locale}, ${viewport}, real money`);
      });
    }
  }
});
