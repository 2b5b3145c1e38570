import { fileURLToPath } from 'node:url';
import { bonusesApi, playerApi } from '@chrysos/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { copy } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { depositOnSandbox } from './harness/wallet.ts';

/**
 * The signed-in home is the player's own (issue 35): two players whose accounts differ each see their
 * own balance, bonuses waiting and recently played games in place of the visitor's sign-up hero, in
 * English on a desktop and in Greek on a phone, where a game shows on the first screen.
 */
const { url: baseUrl } = await sharedProduct('standard');
const password = 'Lantern-Harbour-58';
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 900 } };

/** Screenshots are kept (not committed) for a person to look at after a run. */
const screenshot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

const words = {
  en: {
    welcome: (name: string) => `Welcome back, ${name}`,
    balance: 'Balance',
    bonusWaiting: '1 bonus is waiting for you',
    continue: 'Continue playing',
    tournament: 'Running tournament',
    signUpHero: 'Create your account',
  },
  el: {
    welcome: (name: string) => `Καλώς ήρθατε ξανά, ${name}`,
    balance: 'Υπόλοιπο',
    bonusWaiting: 'Σας περιμένει 1 μπόνους',
    continue: 'Συνεχίστε να παίζετε',
    tournament: 'Τουρνουά σε εξέλιξη',
    signUpHero: 'Δημιουργήστε λογαριασμό',
  },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A signed-in context of a new player named `name`, in `language`. */
async function player(name: string, language: 'en' | 'el', device: typeof phone | typeof desktop) {
  const email = uniqueAddress(`home-${name.toLowerCase()}`);
  await createPlayer(baseUrl, { email, password, language, country: 'GR' });
  const context = await browser.newContext(device);
  await signInContext(context, baseUrl, email, password);
  const api = apiOf(context, baseUrl, { 'user-agent': browserAgent });
  const named = await api(playerApi.update, { body: { context: 'profile', player: { first_name: name } } });
  if (!named.ok) throw new Error(`naming failed (${named.status}): ${JSON.stringify(named.body)}`);
  return { context, api, page: await context.newPage() };
}

const home = (page: Page) => page.getByRole('region', { name: /^(Welcome back|Καλώς ήρθατε ξανά)/ });

describe('the personal home', () => {
  it('shows each player their own balance, bonuses waiting and games; a visitor the sign-up hero', async () => {
    // Eleni has deposited €130, played a game and redeemed free spins; Nikos has done nothing yet.
    const eleni = await player('Eleni', 'en', desktop);
    await depositOnSandbox(eleni.context, eleni.page, baseUrl, 130);
    await eleni.page.goto(`${baseUrl}/game/golden-drachma`);
    await eleni.page.locator('.game-stage[data-mode="real"] iframe.game-stage__frame').waitFor();
    const redeemed = await eleni.api(bonusesApi.redeemCoupon, { query: { coupon_code: 'DRACHMA10' } });
    expect(redeemed.ok).toBe(true);
    const nikos = await player('Nikos', 'el', desktop);

    await eleni.page.goto(`${baseUrl}/`);
    const hers = home(eleni.page);
    await hers.getByRole('heading', { level: 1, name: words.en.welcome('Eleni') }).waitFor();
    expect(await hers.locator('[data-player-home-balance]').textContent()).toBe(copy.en.money(130));
    expect(await hers.getByRole('link', { name: words.en.bonusWaiting }).getAttribute('href')).toBe(
      '/profile/bonuses',
    );
    const continueRow = eleni.page.getByRole('region', { name: words.en.continue });
    await continueRow
      .getByRole('link', { name: /Golden Drachma/ })
      .first()
      .waitFor();
    await eleni.page.getByRole('heading', { name: words.en.tournament }).waitFor();
    expect(await eleni.page.getByRole('link', { name: words.en.signUpHero }).count()).toBe(0);

    // Nikos, in Greek: his own name and €0.00, nothing waiting, nothing to continue.
    await nikos.page.goto(`${baseUrl}/el`);
    const his = home(nikos.page);
    await his.getByRole('heading', { level: 1, name: words.el.welcome('Nikos') }).waitFor();
    expect(await his.locator('[data-player-home-balance]').textContent()).toBe(copy.el.money(0));
    expect(await his.getByRole('link', { name: words.el.bonusWaiting }).count()).toBe(0);
    expect(await nikos.page.getByRole('region', { name: words.el.continue }).count()).toBe(0);
    expect(await nikos.page.getByRole('link', { name: words.el.signUpHero }).count()).toBe(0);

    // The page arrived whole: the player's part is in the server's HTML, not fetched after.
    const html = await (await eleni.context.request.get(`${baseUrl}/`)).text();
    expect(html).toContain(words.en.welcome('Eleni'));
    expect(html).toContain(words.en.continue);

    // A visitor still gets the sign-up hero.
    const visitor = await browser.newPage(desktop);
    await visitor.goto(`${baseUrl}/`);
    await visitor.getByRole('link', { name: words.en.signUpHero }).waitFor();
    expect(await home(visitor).count()).toBe(0);
    await Promise.all([eleni.context.close(), nikos.context.close(), visitor.close()]);
  });

  it('on a phone, puts a game on the first screen above the bottom bar', async () => {
    for (const [language, prefix] of [
      ['en', ''],
      ['el', '/el'],
    ] as const) {
      const someone = await player(language === 'en' ? 'Dora' : 'Stavros', language, phone);
      await someone.page.goto(`${baseUrl}${prefix}/`);
      await home(someone.page).waitFor();
      const card = someone.page.locator('.game-card:not(.game-card--skeleton)').first();
      await card.waitFor();
      const box = await card.boundingBox();
      const bar = await someone.page.locator('.mobile-nav').boundingBox();
      await someone.page.screenshot({ path: screenshot(`personal-home-phone-${language}`) });
      // The card's art shows on the first screen above the bottom bar, with no scrolling, under the
      // email and privacy notices a new player has (its top 100 px at least).
      expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan((bar?.y ?? 0) - 100);
      await someone.context.close();
    }
  });
});
