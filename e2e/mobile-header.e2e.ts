import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import {
  accountButton,
  browserAgent,
  createPlayer,
  signInContext,
  uniqueAddress,
} from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { balanceToggle, expectText, headerBalance } from './harness/wallet.ts';

/**
 * Issue 31 item 21: on a small phone the header showed a Greek balance cut to "100,…". Two players with
 * balances of different lengths, in both languages, at 360×740 and 390×844: the whole balance shows,
 * every control of the header stays inside the window and big enough to tap, and the language switch
 * the header leaves out at these widths is in the side menu.
 */
const { url: baseUrl } = await sharedProduct('standard');
const password = 'Golden-Drachma-42';
const phones = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
/** Each balance as the header writes it in each language. */
const balances = [
  { cents: 10_000, shown: { en: '€100.00', el: '100,00\u00a0€' } },
  { cents: 123_456, shown: { en: '€1,234.56', el: '1.234,56\u00a0€' } },
] as const;
const words = {
  en: { openMenu: 'Open menu', menu: 'Menu', language: 'Language', bell: /^Notifications/ },
  el: { openMenu: 'Άνοιγμα μενού', menu: 'Μενού', language: 'Γλώσσα', bell: /^Ειδοποιήσεις/ },
} as const;
const languageNames: Record<Locale, string> = { en: 'English', el: 'Ελληνικά' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A deposit through the sandbox card page (as its form posts), waited for until the balance has it. */
async function fund(context: BrowserContext, cents: number) {
  const started = await context.request.post(`${baseUrl}/api/payments/deposits`, {
    headers: { 'user-agent': browserAgent },
    data: { currency: 'EUR', amount_cents: cents, method: 'card' },
  });
  expect(started.status()).toBe(201);
  const { redirect_url: pay } = (await started.json()) as { redirect_url: string };
  const paid = await fetch(new URL(pay, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': browserAgent },
    body: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Eleni P',
      action: 'pay',
    }),
  });
  expect(paid.status).toBeLessThan(400);
  await expect
    .poll(async () => {
      const accounts = await context.request.get(`${baseUrl}/api/player/accounts`);
      return ((await accounts.json()) as { amount_cents: number }[])[0]?.amount_cents;
    })
    .toBe(cents);
}

/** A signed-in player whose EUR account holds `cents`. */
async function fundedPlayer(cents: number, language: Locale): Promise<BrowserContext> {
  const email = uniqueAddress('phone-header');
  await createPlayer(baseUrl, { email, password, language });
  const context = await browser.newContext({ userAgent: browserAgent });
  await signInContext(context, baseUrl, email, password);
  await fund(context, cents);
  return context;
}

/** Lets the page lay itself out at its new size before anything is measured. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** The balance's text box: whether its text is wider than the box shows (cut with "…"). */
const balanceFit = (page: Page, locale: Locale) =>
  headerBalance(page, copy[locale]).evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));

/** Where a control sits and how big it is, against the window's width. */
async function placement(page: Page, control: ReturnType<Page['locator']>) {
  const box = await control.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  return {
    inside: box !== null && box.x >= 0 && box.x + box.width <= width && box.y >= 0,
    tappable: box !== null && box.width >= 24 && box.height >= 24,
    box: box && `${box.x},${box.y} ${box.width}×${box.height} (window ${width})`,
  };
}

describe('the header on a small phone (issue 31 item 21)', () => {
  it.each(balances)(
    'shows the whole balance of $shown.en, every control within reach, in both languages',
    async ({ cents, shown }) => {
      const context = await fundedPlayer(cents, 'el');
      const page = await context.newPage();
      for (const locale of locales) {
        const text = copy[locale];
        for (const phone of phones) {
          const where = `${shown[locale]}, ${locale}, ${phone.width}×${phone.height}`;
          await page.setViewportSize(phone);
          await visit(page, `${baseUrl}${text.prefix}/faq`);
          await expectText(headerBalance(page, text), shown[locale]);
          const banner = page.getByRole('banner');
          const controls = {
            balance: balanceToggle(page, text),
            deposit: banner.getByRole('button', { name: text.wallet.headerDeposit, exact: true }),
            bell: banner.getByRole('button', { name: words[locale].bell }),
            account: accountButton(page, text),
            menu: banner.getByRole('button', { name: words[locale].openMenu }),
          };
          // The bell and the account menu are lazy chunks: the header is measured once all are drawn.
          for (const [name, control] of Object.entries(controls)) {
            await expect.poll(() => control.isVisible(), { message: `${where}: ${name} shown` }).toBe(true);
          }
          await nextFrame(page);

          const fit = await balanceFit(page, locale);
          expect(fit.scrollWidth, `${where}: balance cut`).toBeLessThanOrEqual(fit.clientWidth);
          for (const [name, control] of Object.entries(controls)) {
            const place = await placement(page, control);
            expect(place.inside, `${where}: ${name} at ${place.box}`).toBe(true);
            expect(place.tappable, `${where}: ${name} at ${place.box}`).toBe(true);
          }
        }
      }
      await context.close();
    },
  );

  it('offers both languages in the side menu, for two players in different languages', async () => {
    for (const [locale, cents] of [
      ['el', 10_000],
      ['en', 123_456],
    ] as const) {
      const other: Locale = locale === 'el' ? 'en' : 'el';
      const context = await fundedPlayer(cents, locale);
      const page = await context.newPage();
      await page.setViewportSize(phones[0] ?? { width: 360, height: 740 });
      await visit(page, `${baseUrl}${copy[locale].prefix}/faq`);
      const balance = balances.find((entry) => entry.cents === cents)?.shown;
      await expectText(headerBalance(page, copy[locale]), balance?.[locale] ?? '');

      await page.getByRole('button', { name: words[locale].openMenu }).click();
      const menu = page.getByRole('dialog', { name: words[locale].menu });
      const languages = menu.getByRole('region', { name: words[locale].language });
      await languages.waitFor();
      expect(await languages.getByRole('link').allInnerTexts()).toEqual(['English', 'Ελληνικά']);
      const current = languages.getByRole('link', { name: languageNames[locale] });
      expect(await current.getAttribute('aria-current')).toBe('true');
      const choice = languages.getByRole('link', { name: languageNames[other] });
      const place = await placement(page, choice);
      expect(place.tappable, `${locale} menu: ${languageNames[other]} at ${place.box}`).toBe(true);

      await choice.click();
      await page.waitForURL(`${baseUrl}${copy[other].prefix}/faq`);
      await menu.waitFor({ state: 'detached' });
      await expectText(headerBalance(page, copy[other]), balance?.[other] ?? '');
      await context.close();
    }
  });
});
