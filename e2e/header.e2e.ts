import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, live, visit } from './browser.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import {
  accountButton,
  browserAgent,
  createPlayer,
  signInContext,
  uniqueAddress,
} from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { balanceToggle } from './harness/wallet.ts';

/**
 * The header as a player meets it: one row from a small phone to a wide screen in both languages,
 * signed in or not, and the way to the account — the account menu on a computer, the side menu on a
 * phone. Plus the spec §9 sizes and colour of the logo and the loading bar.
 */
const { url: baseUrl } = await sharedProduct('standard');
const password = 'Golden-Drachma-42';
const widths = [360, 375, 414, 768, 992, 1280, 1440, 1920];

/** What the header and the menu of the account call things, as a player reads them. */
const headerCopy = {
  en: {
    openMenu: 'Open menu',
    menu: 'Menu',
    search: 'Search games',
    signUp: 'Sign up',
    entries: [
      'Profile',
      'Balance',
      'Deposit',
      'Withdraw',
      'Transactions',
      'Security',
      'Take a 24-hour break',
      'Sign out',
    ],
  },
  el: {
    openMenu: 'Άνοιγμα μενού',
    menu: 'Μενού',
    search: 'Αναζήτηση παιχνιδιών',
    signUp: 'Εγγραφή',
    entries: [
      'Προφίλ',
      'Υπόλοιπο',
      'Κατάθεση',
      'Ανάληψη',
      'Συναλλαγές',
      'Ασφάλεια',
      'Διάλειμμα 24 ωρών',
      'Αποσύνδεση',
    ],
  },
} as const;
/** Where the account entries lead, in their order (Deposit opens the cashier, Sign out signs out). */
const entryPaths = [
  '/profile/general',
  '/profile/wallet/balance',
  '/profile/wallet/withdrawal',
  '/profile/wallet/transactions',
  '/profile/general/security',
  '/profile/limits?break=24h',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPlayer(language: Locale): Promise<string> {
  const email = uniqueAddress('header');
  await createPlayer(baseUrl, { email, password, language });
  return email;
}

async function signedInContext(email: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ userAgent: browserAgent, ...options });
  await signInContext(context, baseUrl, email, password);
  return context;
}

/** Lets the page lay itself out at its new size before anything is measured. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The header at the current size: how wide the document is against the window, the height of the
 * header's content box against its tallest control (equal when everything sits on one row), and the
 * controls that stick out of the window or of the header.
 */
function measureHeader(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('header.header') as HTMLElement;
    const box = header.getBoundingClientRect();
    const style = getComputedStyle(header);
    const px = (value: string) => Number.parseFloat(value) || 0;
    const content =
      box.height -
      px(style.paddingTop) -
      px(style.paddingBottom) -
      px(style.borderTopWidth) -
      px(style.borderBottomWidth);
    const shown = [...header.querySelectorAll('a, button, img')].filter(
      (element) => element.getClientRects().length > 0 && !element.closest('[hidden]'),
    );
    const width = document.documentElement.clientWidth;
    const outside = shown
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.left < 0 || rect.right > width || rect.top < box.top || rect.bottom > box.bottom;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      content,
      tallest: Math.max(...shown.map((element) => element.getBoundingClientRect().height)),
      outside,
    };
  });
}

/** Whether the element a disclosure button controls lies wholly inside the window. */
async function panelInsideWindow(toggle: Locator): Promise<{ inside: boolean; rect: string }> {
  const id = await toggle.getAttribute('aria-controls');
  return toggle.page().evaluate((panelId) => {
    const panel = document.getElementById(panelId ?? '') as HTMLElement;
    const rect = panel.getBoundingClientRect();
    const inside =
      rect.width > 0 &&
      rect.left >= 0 &&
      rect.top >= 0 &&
      rect.right <= document.documentElement.clientWidth &&
      rect.bottom <= window.innerHeight;
    return { inside, rect: `${rect.left},${rect.top} → ${rect.right},${rect.bottom}` };
  }, id);
}

describe('the header keeps to one row at every width', () => {
  for (const state of ['a visitor', 'a signed-in player'] as const) {
    it(`for ${state}, in English and Greek, from 360 to 1920 px`, async () => {
      const context =
        state === 'a visitor'
          ? await browser.newContext({ userAgent: browserAgent })
          : await signedInContext(await newPlayer('el'));
      const page = await context.newPage();
      for (const locale of locales) {
        const text: Copy = copy[locale];
        const words = headerCopy[locale];
        await page.setViewportSize({ width: 1280, height: 800 });
        await visit(page, `${baseUrl}${text.prefix}/faq`);
        await page.waitForLoadState('networkidle');
        const banner = page.getByRole('banner');
        const expected =
          state === 'a visitor'
            ? [
                banner.getByRole('link', { name: text.signIn, exact: true }),
                banner.getByRole('link', { name: words.signUp, exact: true }),
              ]
            : [
                balanceToggle(page, text),
                banner.getByRole('button', { name: text.wallet.headerDeposit, exact: true }),
                accountButton(page, text),
              ];
        expected.push(banner.getByRole('button', { name: words.openMenu }));
        for (const control of expected) await live(control);

        for (const width of widths) {
          const where = `${state}, ${locale}, ${width} px`;
          await page.setViewportSize({ width, height: 800 });
          await nextFrame(page);
          const fit = await measureHeader(page);
          expect(fit.scrollWidth, `${where}: page wider than the window`).toBeLessThanOrEqual(fit.width);
          expect(
            Math.abs(fit.content - fit.tallest),
            `${where}: header on more than one row`,
          ).toBeLessThanOrEqual(1);
          expect(fit.outside, `${where}: controls outside the window or the header`).toEqual([]);
          for (const control of expected)
            expect(await control.isVisible(), `${where}: ${control}`).toBe(true);

          if (state === 'a signed-in player') {
            // Both dropdowns open wholly inside the window, wherever their button sits.
            for (const toggle of [balanceToggle(page, text), accountButton(page, text)]) {
              await toggle.click();
              await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
              const panel = await panelInsideWindow(toggle);
              expect(panel.inside, `${where}: dropdown of ${toggle} at ${panel.rect}`).toBe(true);
              await page.keyboard.press('Escape');
              await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
            }
          }
        }
      }
      await context.close();
    });
  }
});

describe('the way to the account', () => {
  it.each(locales)('lists the account pages and Sign out in the account menu (%s)', async (locale) => {
    const text = copy[locale];
    const context = await signedInContext(await newPlayer(locale));
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, `${baseUrl}${text.prefix}/`);
    await page.waitForLoadState('networkidle');
    await live(accountButton(page, text));
    await accountButton(page, text).click();
    const menu = page.getByRole('banner').getByRole('navigation', { name: text.account });
    expect(await menu.locator('a, button').allInnerTexts()).toEqual(headerCopy[locale].entries);
    expect(
      await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(entryPaths.map((path) => `${text.prefix}${path}`));
    await context.close();
  });

  it('opens and closes the account menu from the keyboard and the mouse, and signs out from it', async () => {
    const text = copy.en;
    const email = await newPlayer('en');
    const context = await signedInContext(email);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, `${baseUrl}/faq`);
    await page.waitForLoadState('networkidle');
    const button = accountButton(page, text);
    const menu = page.getByRole('banner').getByRole('navigation', { name: text.account });
    await live(button);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.header__account').textContent()).toBe(email);

    // Keyboard: Enter opens, Tab walks into the menu, Escape closes and gives the focus back.
    await button.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByText(email).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/profile/general');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    // A click elsewhere closes it.
    await button.click();
    await menu.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await menu.waitFor({ state: 'hidden' });

    // Deposit opens the cashier where the player is.
    await button.click();
    await menu.getByRole('button', { name: 'Deposit', exact: true }).click();
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await cashier.waitFor();
    expect(await menu.isVisible()).toBe(false);
    await cashier.getByRole('button', { name: 'Close' }).click();
    await cashier.waitFor({ state: 'detached' });

    // A page of the account, and the menu closes behind it.
    await button.click();
    await menu.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(`${baseUrl}/profile/general/security`);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    await menu.getByRole('button', { name: text.signOut, exact: true }).click();
    await page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true }).waitFor();
    expect(await page.locator('.header__account').count()).toBe(0);
    await context.close();
  });

  it('gives a player on a phone the account, search and sign-out in the side menu (Greek)', async () => {
    const text = copy.el;
    const words = headerCopy.el;
    const email = await newPlayer('el');
    const context: BrowserContext = await signedInContext(email, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/el/faq`);
    await page.waitForLoadState('networkidle');
    const openMenu = async () => {
      await page.getByRole('button', { name: words.openMenu }).click();
      const menu = page.getByRole('dialog', { name: words.menu });
      // The menu's body is fetched when it first opens (a spinner until then).
      await menu.getByRole('link').first().waitFor();
      return menu;
    };

    let menu = await openMenu();
    const account = menu.getByRole('region', { name: text.account });
    expect(await account.getByText(email).isVisible()).toBe(true);
    expect(await account.locator('a, button').allInnerTexts()).toEqual(words.entries);
    await account.getByRole('link', { name: 'Προφίλ' }).click();
    await page.waitForURL(`${baseUrl}/el/profile/general`);
    await menu.waitFor({ state: 'detached' });

    // Below 425 px the header leaves game search to the menu.
    const headerSearch = page.getByRole('banner').getByRole('button', { name: words.search });
    expect(await headerSearch.isVisible()).toBe(false);
    await page.setViewportSize({ width: 480, height: 844 });
    expect(await headerSearch.isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    menu = await openMenu();
    await menu.getByRole('button', { name: words.search }).click();
    const search = page.getByRole('dialog', { name: words.search });
    await search.waitFor();
    expect(await menu.count()).toBe(0);
    await page.keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });

    // Signing out on a page open to visitors (a profile page would ask the visitor to sign in).
    await visit(page, `${baseUrl}/el/faq`);
    await page.waitForLoadState('networkidle');
    menu = await openMenu();
    await menu.getByRole('button', { name: text.signOut, exact: true }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('banner').getByRole('link', { name: text.signIn, exact: true }).waitFor();
    menu = await openMenu();
    expect(await menu.getByRole('region', { name: text.account }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: text.signIn, exact: true }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: words.signUp, exact: true }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('on every layout', () => {
  it('shows the header, with the content links everywhere but on the game page (spec §2)', async () => {
    const page = await browser.newPage({ userAgent: browserAgent, viewport: { width: 1280, height: 800 } });
    for (const [path, links] of [
      ['/faq', 1],
      ['/download-apk', 1],
      ['/el/promos/welcome', 1],
      ['/promos/no-such-campaign', 1],
      ['/game/golden-drachma', 0],
    ] as const) {
      // The header is the server's HTML, hydrated once `visit` returns; nothing it reads arrives later.
      // (A wait for a quiet network here once ran out in CI: 60 s without a 500 ms lull.)
      await visit(page, `${baseUrl}${path}`);
      expect(await page.getByRole('banner').count(), path).toBe(1);
      expect(await page.getByRole('banner').getByRole('navigation').count(), path).toBe(links);
    }
    await page.close();
  });
});

describe('spec §9 sizes and colours', () => {
  it('draws the logo 98×64, and the compact 64×64 mark below 768 px', async () => {
    const page = await browser.newPage({ userAgent: browserAgent, viewport: { width: 1280, height: 800 } });
    await visit(page, `${baseUrl}/faq`);
    await page.waitForLoadState('networkidle');
    const logo = page.getByRole('banner').locator('.header__logo img');
    expect(await logo.boundingBox()).toMatchObject({ width: 98, height: 64 });
    await page.setViewportSize({ width: 767, height: 800 });
    await expect
      .poll(() => logo.evaluate((image) => (image as HTMLImageElement).currentSrc))
      .toMatch(/-compact\.svg$/);
    expect(await logo.boundingBox()).toMatchObject({ width: 64, height: 64 });
    await page.close();
  });

  it('shows the loading bar 5 px high in #DDA052 during a slow navigation', async () => {
    const page = await browser.newPage({ userAgent: browserAgent });
    await visit(page, `${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.route('**/*.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('footer').getByRole('link').first().click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    const look = await bar.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        height: style.height,
        colour: style.backgroundColor,
        top: element.getBoundingClientRect().top,
      };
    });
    expect(look).toEqual({ height: '5px', colour: 'rgb(221, 160, 82)', top: 0 });
    await bar.waitFor({ state: 'detached' });
    await page.close();
  });
});
