import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { browserAgent } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';

/**
 * The demo's A/B test (packages/db/src/seed.ts `home-welcome-banner`, 50/50) on the built product: the
 * home page's first-deposit banner is the variant's (content `00-free-spins-first`, shown to `/b`) for
 * the variant's visitors and the usual one for everyone else, in the server's HTML, so nothing changes
 * once the page hydrates; anonymous pages come from the render cache, which must never hand one group's
 * page to the other.
 */
const { url: baseUrl } = await sharedProduct('standard');
const experiment = 'home-welcome-banner';
const banners = {
  en: { control: 'Your first deposit counts double', variant: '100 free spins are waiting for you' },
  el: { control: 'Η πρώτη σας κατάθεση μετράει διπλή', variant: 'Σας περιμένουν 100 δωρεάν περιστροφές' },
};

/** The ajs_anonymous_id cookie as analytics-next writes it: the id JSON-quoted, then URI-encoded. */
const analyticsCookie = (anonymousId: string) => encodeURIComponent(JSON.stringify(anonymousId));
const cookieOf = (anonymousId: string | null, language: 'en' | 'el' = 'en') =>
  `i18n_redirected=${language}${anonymousId ? `; ajs_anonymous_id=${analyticsCookie(anonymousId)}` : ''}`;

describe('the home page of an A/B test', () => {
  /** A visitor of each group, as /v2/ab assigned them. */
  const visitors = { control: '', variant: '' };
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    while (!visitors.control || !visitors.variant) {
      const id = randomUUID();
      const answer = await fetch(`${baseUrl}/api/v2/ab/${experiment}`, { headers: { cookie: cookieOf(id) } });
      const { path } = (await answer.json()) as { path: string };
      visitors[path === '/b' ? 'variant' : 'control'] ||= id;
    }
  });
  afterAll(() => browser?.close());

  /** The first-deposit banner's mark in the page (the bottom promo shares the control's words). */
  const banner = (title: string) => `class="first-deposit" aria-label="${title}"`;
  const homeOf = async (anonymousId: string | null, language: 'en' | 'el' = 'en') => {
    const answer = await fetch(`${baseUrl}${language === 'el' ? '/el' : '/'}`, {
      headers: { cookie: cookieOf(anonymousId, language), 'user-agent': browserAgent },
    });
    expect(answer.status).toBe(200);
    return answer.text();
  };

  it("renders each visitor's banner on the server, and the render cache never serves one group's page to the other", async () => {
    // Twice each, taking turns: the second round comes from the cache the first filled.
    for (let round = 0; round < 2; round++) {
      for (const [who, id, shown] of [
        ['variant', visitors.variant, 'variant'],
        ['control', visitors.control, 'control'],
        ['no cookie', null, 'control'],
      ] as const) {
        const html = await homeOf(id);
        const hidden = shown === 'variant' ? 'control' : 'variant';
        expect(html, `${who}, round ${round + 1}`).toContain(banner(banners.en[shown]));
        expect(html, `${who}, round ${round + 1}`).not.toContain(banner(banners.en[hidden]));
      }
    }
    for (const [id, shown] of [
      [visitors.variant, 'variant'],
      [visitors.control, 'control'],
    ] as const) {
      const html = await homeOf(id, 'el');
      expect(html).toContain(banner(banners.el[shown]));
      expect(html).not.toContain(banner(banners.el[shown === 'variant' ? 'control' : 'variant']));
    }
  });

  it("keeps the variant's banner from the first paint through hydration in a browser", async () => {
    const bannerAfter = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled });
      await context.addCookies([
        { name: 'ajs_anonymous_id', value: analyticsCookie(visitors.variant), url: baseUrl },
        { name: 'i18n_redirected', value: 'en', url: baseUrl },
      ]);
      const page = await context.newPage();
      if (javaScriptEnabled) {
        await visit(page, `${baseUrl}/`);
        await page.waitForLoadState('networkidle');
      } else {
        await page.goto(`${baseUrl}/`);
      }
      const texts = await page.locator('aside.first-deposit h2').allTextContents();
      await context.close();
      return texts;
    };
    // Without scripts: what the first paint shows. With them: what the hydrated page keeps.
    expect(await bannerAfter(false)).toEqual([banners.en.variant]);
    expect(await bannerAfter(true)).toEqual([banners.en.variant]);
  });
});
