import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';

/**
 * Issue 35, mobile navigation: on a phone every page of the default layout has a bottom bar (Home,
 * Games, Promotions, then Deposit and Account for a player, Sign up and Sign in for a visitor), with
 * targets far above 24 px, covering nothing: the end of a page scrolls clear of it. The app's invitation
 * sits above it at the page's end, and once dismissed on a device it stays away there (not on another).
 * Desktops have no such bar.
 */
const { url: baseUrl } = await sharedProduct('standard');
const phone = { width: 390, height: 844 };
const words = {
  en: {
    nav: 'Quick navigation',
    visitor: ['Home', 'Games', 'Promotions', 'Sign up', 'Sign in'],
    player: ['Home', 'Games', 'Promotions', 'Deposit', 'Account'],
    invitation: 'Chrysos Casino is faster as an app.',
    close: 'Close',
  },
  el: {
    nav: 'Γρήγορη πλοήγηση',
    visitor: ['Αρχική', 'Παιχνίδια', 'Προσφορές', 'Εγγραφή', 'Σύνδεση'],
    player: ['Αρχική', 'Παιχνίδια', 'Προσφορές', 'Κατάθεση', 'Λογαριασμός'],
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const bar = (page: Page, name: string = words.en.nav) => page.getByRole('navigation', { name });
const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not displayed');
  return found;
};
/** The names of the bar's tabs, in order. */
const tabs = (page: Page, name?: string) =>
  bar(page, name)
    .locator('.mobile-nav__item')
    .evaluateAll((items) => items.map((item) => item.textContent?.trim()));

describe('bottom navigation on a phone', () => {
  it('gives a visitor five tabs big enough to tap, in both languages, and leads where they say', async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/`);
    expect(await tabs(page)).toEqual(words.en.visitor);
    for (const item of await bar(page).locator('.mobile-nav__item').all()) {
      const { width, height } = await box(item);
      expect(width).toBeGreaterThanOrEqual(44);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    expect(await bar(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await bar(page).getByRole('link', { name: 'Games' }).click();
    await page.waitForURL(`${baseUrl}/games/all`);
    await expect
      .poll(() => bar(page).getByRole('link', { name: 'Games' }).getAttribute('aria-current'))
      .toBe('page');
    expect(await bar(page).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();

    await visit(page, `${baseUrl}/el`);
    expect(await tabs(page, words.el.nav)).toEqual(words.el.visitor);
    expect(await bar(page, words.el.nav).getByRole('link', { name: 'Παιχνίδια' }).getAttribute('href')).toBe(
      '/el/games/all',
    );
    await context.close();
  });

  it('covers nothing: the end of the page, the app invitation included, scrolls clear of it', async () => {
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/faq`);
    const invitation = page.locator('.down-bar');
    await invitation.getByText(words.en.invitation).waitFor();
    // Scrolled to its end, the footer, then the invitation, then the bar: each ends before the next
    // begins. Measured again after each scroll, as the page may still grow by a pixel while late
    // styles and fonts settle.
    const endOfPage = () =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
        const footers = document.querySelectorAll('footer');
        const footer = footers[footers.length - 1]?.getBoundingClientRect();
        const invitation = rect('.down-bar');
        const nav = rect('.mobile-nav');
        if (!footer || !invitation || !nav) return 'not displayed';
        return {
          navEndsAtScreenEnd: Math.round(nav.bottom) === window.innerHeight,
          footerAboveInvitation: footer.bottom <= invitation.top + 1,
          invitationAboveNav: invitation.bottom <= nav.top + 1,
        };
      });
    await expect
      .poll(endOfPage)
      .toEqual({ navEndsAtScreenEnd: true, footerAboveInvitation: true, invitationAboveNav: true });
    await context.close();
  });

  it('keeps the app invitation dismissed on the device that dismissed it, and only there', async () => {
    const dismissing = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const other = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    const page = await dismissing.newPage();
    await visit(page, `${baseUrl}/`);
    const invitation = page.locator('.down-bar');
    await invitation.getByRole('button', { name: words.en.close }).click();
    await invitation.waitFor({ state: 'detached' });

    // The other device still shows it: once it does, both pages are live.
    const otherPage = await other.newPage();
    await visit(otherPage, `${baseUrl}/`);
    await otherPage.locator('.down-bar').getByText(words.en.invitation).waitFor();
    for (const path of ['/', '/promotions']) {
      await visit(page, `${baseUrl}${path}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await bar(page).waitFor();
      expect(await page.locator('.down-bar').count()).toBe(0);
    }
    await Promise.all([dismissing.close(), other.close()]);
  });

  it('gives a player Deposit, which opens the cashier, and Account', async () => {
    const email = uniqueAddress('bottom-bar');
    const password = 'Harbour-Lantern-42';
    await createPlayer(baseUrl, { email, password, language: 'en', country: 'GR' });
    const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
    await signInContext(context, baseUrl, email, password);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/`);
    expect(await tabs(page)).toEqual(words.en.player);
    await bar(page).getByRole('button', { name: 'Deposit' }).click();
    const cashier = page.getByRole('dialog', { name: copy.en.wallet.cashier });
    await cashier.waitFor();
    await cashier.getByRole('button', { name: 'Close' }).click();
    await cashier.waitFor({ state: 'detached' });
    await bar(page).getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(`${baseUrl}/profile/general`);
    await context.close();
  });

  it('is not there on a desktop', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await bar(page).isVisible()).toBe(false);
    await context.close();
  });
});
