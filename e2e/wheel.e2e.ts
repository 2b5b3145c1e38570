import { wheelApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectPaymentOutcome, expectText, payOnSandbox } from './harness/wallet.ts';

/**
 * The fortune wheel in the browser (issue 18): a visitor sees the wheel's twelve sectors and is asked
 * to sign up, from the header's link and in the FortuneWheel modal; a player deposits €20 with WHEEL20,
 * spins, sees the wheel stop and the Prize modal with what it paid and the seeds, finds the prize
 * credited (bonus money in the header, free spins in the bonus tab, comp points in the loyalty
 * balance), checks the spin on /provably-fair, and is refused a second spin that day. In English and in
 * Greek.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const passphrase = 'a sturdy passphrase';

/** What the visitor reads, written out so the spec fails when the words change. */
const words = {
  en: {
    title: 'Wheel of Fortune',
    headerLink: 'Wheel of Fortune',
    signUp: 'Sign up to spin',
    modalTitle: 'Your spin is ready',
    bonusCode: 'Bonus code (optional)',
    howToEarn:
      'Deposit at least €20.00 with the code WHEEL20 in the cashier today and your spin unlocks at once.',
    spin: 'Spin',
    ownSeed: 'Choose your own seed',
    seedLabel: 'Your client seed (optional)',
    spunToday: "You have used today's spin.",
    verify: 'Verify this spin',
    secret: 'Secret prize',
    freespinsTitle: (count: number) => `Wheel of Fortune: ${count} free spins`,
    comingSoon: 'opens soon',
  },
  el: {
    title: 'Τροχός της Τύχης',
    headerLink: 'Τροχός της Τύχης',
    signUp: 'Εγγραφή για γύρισμα',
    modalTitle: 'Το γύρισμά σας είναι έτοιμο',
    bonusCode: 'Κωδικός μπόνους (προαιρετικά)',
    howToEarn:
      'Καταθέστε τουλάχιστον 20,00\u00a0€ με τον κωδικό WHEEL20 στο ταμείο σήμερα και το γύρισμά σας ξεκλειδώνει αμέσως.',
    spin: 'Γύρισμα',
    ownSeed: 'Επιλέξτε τον δικό σας σπόρο',
    seedLabel: 'Ο σπόρος σας (προαιρετικά)',
    spunToday: 'Χρησιμοποιήσατε το σημερινό γύρισμα.',
    verify: 'Επαλήθευση του γυρίσματος',
    secret: 'Μυστικό έπαθλο',
    freespinsTitle: (count: number) => `Τροχός της Τύχης: ${count} δωρεάν περιστροφές`,
    comingSoon: 'σύντομα',
  },
} satisfies Record<Locale, Record<string, unknown>>;

async function signedIn(locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const address = uniqueAddress(`wheel-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country: 'GR' });
  // Wide enough for the header's own links (below 1280 px they live in the menu).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)('the fortune wheel (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const { money } = text;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;

  it('shows a visitor the wheel from the header and asks them to sign up, on the page and in the modal', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(path('/'));
      await page
        .getByRole('banner')
        .getByRole('link', { name: word.headerLink, exact: true })
        .first()
        .click();
      await page.waitForURL(path('/wheel-of-fortune'));
      await page.getByRole('heading', { level: 1, name: word.title }).waitFor();
      expect(await page.getByText(word.comingSoon).count()).toBe(0);
      // Twelve sectors from the content, the secret one named only as a secret.
      const disc = page.locator('[data-wheel-sectors="12"]');
      await disc.waitFor();
      expect(await disc.locator('[data-sector]').count()).toBe(12);
      await disc.getByText(word.secret).waitFor();
      await page.locator('[data-wheel-visitor]').getByRole('button', { name: word.signUp }).click();
      await page.locator('[data-modal="Register"]').waitFor();
      await page.keyboard.press('Escape');

      // The FortuneWheel modal, by its name in the address.
      await page.goto(path('/#FortuneWheel'));
      const modal = page.locator('[data-modal="FortuneWheel"]');
      // Not "your spin is ready" to a visitor: the wheel's own title and lead.
      await modal.getByRole('heading', { level: 3, name: word.title }).waitFor();
      expect(await modal.getByText(word.modalTitle).count()).toBe(0);
      expect(await modal.locator('[data-wheel-sectors="12"] [data-sector]').count()).toBe(12);
      await modal.getByRole('button', { name: word.signUp }).waitFor();
    } finally {
      await context.close();
    }
  });

  describe('a player', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedIn(locale));
    });
    afterAll(() => context?.close());
    const api = () => apiOf(context, product.url, { 'user-agent': browserAgent });

    it('deposits €20 with WHEEL20, spins, and has the prize credited; a second spin that day is refused', async () => {
      await page.goto(path('/wheel-of-fortune'));
      await expectText(page.locator('[data-wheel-deposit] p').nth(1), word.howToEarn);

      // The deposit, with the wheel's code typed in the cashier.
      await visit(page, path('/profile/wallet/deposit'));
      await page.getByLabel(text.wallet.amount('EUR')).fill('20');
      await page.getByLabel(word.bonusCode).fill('WHEEL20');
      await page.getByRole('button', { name: text.wallet.depositAmount(money(20)), exact: true }).click();
      await payOnSandbox(page, text, 'success', money(20));
      await backFromPayment(page, product.url, text);
      await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(20)));

      // The spin is ready: the header offers it at once. In English it is spun on the page, in Greek
      // in the FortuneWheel modal the header's button opens; the seed's hash shown before spinning.
      await page.locator('[data-wheel-header]').waitFor();
      if (locale === 'el') {
        await page.locator('[data-wheel-header]').click();
        await page.locator('[data-modal="FortuneWheel"]').getByText(word.modalTitle).waitFor();
      } else await page.goto(path('/wheel-of-fortune'));
      const ready = page.locator(
        locale === 'el' ? '[data-modal="FortuneWheel"] [data-wheel-ready]' : '[data-wheel-ready]',
      );
      await ready.waitFor();
      const hash = (await ready.locator('[data-wheel-seed-hash]').textContent())?.trim() ?? '';
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      // In English the player chooses their own client seed; in Greek one is drawn for them.
      const clientSeed = locale === 'en' ? 'olive-grove-7' : null;
      if (clientSeed) {
        await ready.getByText(word.ownSeed).click();
        await ready.getByLabel(word.seedLabel).fill(clientSeed);
      }
      await ready.getByRole('button', { name: word.spin, exact: true }).click();

      // The wheel turns to the server's sector, then the Prize modal tells what it paid, with the seeds.
      const prize = page.locator('[data-modal="Prize"] [data-wheel-prize]');
      await prize.waitFor();
      expect((await prize.locator('[data-seed-hash]').textContent())?.trim()).toBe(hash);
      expect((await prize.locator('[data-seed]').textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);
      const shownSeed = (await prize.locator('[data-client-seed]').textContent())?.trim();
      if (clientSeed) expect(shownSeed).toBe(clientSeed);
      else expect(shownSeed).toMatch(/^[0-9a-f]{32}$/);
      const state = await api()(wheelApi.state, {});
      if (!state.ok || !state.body.last_spin) throw new Error(`wheel state: ${state.status}`);
      const spin = state.body.last_spin;
      expect(await prize.locator('[data-sector]').getAttribute('data-sector')).toBe(String(spin.sector));
      expect(await page.locator(`[data-sector="${spin.sector}"] .wheel-disc__sector--landed`).count()).toBe(
        1,
      );
      expect((await prize.locator('[data-prize]').textContent())?.trim()).not.toBe('');

      // Credited as the sector says.
      const { kind } = spin.prize;
      if (kind === 'bonus') {
        const amount = money((spin.prize.amount_cents ?? 0) / 100);
        await expectText(
          prize.locator('[data-prize]'),
          text.prefix ? `Μπόνους ${amount}` : `${amount} bonus`,
        );
        await page.keyboard.press('Escape');
        // The header's balance shows the bonus money apart from the real money.
        await page.goto(path('/wheel-of-fortune'));
        await expect
          .poll(async () => (await page.locator('[data-balance-split]').textContent()) ?? '', {})
          .toContain(amount);
      } else if (kind === 'freespins') {
        await page.keyboard.press('Escape');
        await page.goto(path('/profile/bonuses'));
        await page
          .locator('[data-freespin]')
          .filter({ hasText: word.freespinsTitle(spin.prize.spins ?? 0) })
          .waitFor();
      } else if (kind === 'comp_points') {
        await page.keyboard.press('Escape');
        const answer = await context.request.get(`${product.url}/api/player/comp_points`, {
          headers: { 'user-agent': browserAgent },
        });
        expect(((await answer.json()) as { points: number }).points).toBeGreaterThanOrEqual(
          spin.prize.points ?? 0,
        );
      } else {
        await page.keyboard.press('Escape');
        const bonuses = await context.request.get(`${product.url}/api/player/bonuses/`);
        expect(await bonuses.json()).toEqual([]);
      }

      // Today's spin is used: the page says so, and the API refuses another.
      await page.goto(path('/wheel-of-fortune'));
      await page.locator('[data-wheel-spun]').getByText(word.spunToday, { exact: false }).waitFor();
      expect(await page.locator('[data-wheel-spin]').count()).toBe(0);
      const again = await api()(wheelApi.spin, { body: {} });
      expect(again.ok).toBe(false);
      if (!again.ok) {
        expect(again.status).toBe(409);
        expect(again.body?.codes).toEqual({ base: ['wheel.already_spun'] });
      }
    });

    it('checks the spin on /provably-fair: the seed hashes to the commitment and the draw gives the sector', async () => {
      const state = await api()(wheelApi.state, {});
      if (!state.ok || !state.body.last_spin) throw new Error(`wheel state: ${state.status}`);
      const spin = state.body.last_spin;
      await page.goto(path('/wheel-of-fortune'));
      await page.locator('.wheel__last a').click();
      await page.waitForURL((url) => url.pathname === `${text.prefix}/provably-fair`);
      await expectText(page.locator('[data-wheel-verified-hash]'), spin.server_seed_hash);
      expect(await page.locator('[data-wheel-verified]').getAttribute('data-wheel-verified')).toBe(
        String(spin.sector),
      );
    });
  });
});

/**
 * The wheel page as the server sends it (JavaScript off), for two players whose wheels differ: one has
 * earned today's spin with a WHEEL20 deposit and finds it ready with the seed's hash, the other is told
 * how to earn it; in each one's language, neither sees the other's.
 */
describe("the wheel in the server's HTML", () => {
  it('shows each player their own wheel today before any script runs', async () => {
    const earned = await signedIn('en');
    const started = await earned.context.request.post(`${product.url}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 2_000, method: 'card', bonus_code: 'WHEEL20' },
    });
    expect(started.status()).toBe(201);
    await earned.page.goto(new URL((await started.json()).redirect_url, product.url).href);
    await payOnSandbox(earned.page, copy.en, 'success', copy.en.money(20));
    await backFromPayment(earned.page, product.url, copy.en);
    await expect
      .poll(async () => {
        const state = await apiOf(earned.context, product.url)(wheelApi.state, {});
        return state.ok && state.body.can_spin;
      })
      .toBe(true);
    const waiting = await signedIn('el');

    const serverPage = async (player: { context: BrowserContext }, locale: Locale) => {
      const cookies = await player.context.cookies(product.url);
      const tab = await browser.newContext({ javaScriptEnabled: false });
      await tab.addCookies(cookies);
      const page = await tab.newPage();
      await page.goto(`${product.url}${copy[locale].prefix}/wheel-of-fortune`);
      return { tab, page };
    };
    try {
      const a = await serverPage(earned, 'en');
      const hash = (await a.page.locator('[data-wheel-ready] [data-wheel-seed-hash]').textContent())?.trim();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(await a.page.locator('[data-wheel-deposit]').count()).toBe(0);
      await a.tab.close();

      const b = await serverPage(waiting, 'el');
      await expectText(b.page.locator('[data-wheel-deposit] p').nth(1), words.el.howToEarn);
      expect(await b.page.locator('[data-wheel-ready]').count()).toBe(0);
      expect(await b.page.getByText(hash ?? '-').count()).toBe(0);
      await b.tab.close();
    } finally {
      await Promise.all([earned.context.close(), waiting.context.close()]);
    }
  });
});
