import { analyticsOperatorApi } from '@chrysos/contract';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt } from './harness/api.ts';
import { operatorToken, sharedProduct } from './harness/products.ts';

/**
 * Analytics as a visitor meets it (issue 37): asked first, nothing sent before they agree, then the
 * real @segment/analytics-next posting to the product's own ingest, which keeps every event once
 * even when it refuses the first deliveries.
 */
const { url: baseUrl } = await sharedProduct('standard');
const operator = apiAt(baseUrl, { authorization: `Bearer ${operatorToken}` });

const isAnalytics = (request: Request) =>
  new URL(request.url()).pathname.startsWith('/analytics/') || request.url().endsWith('/api/send-event');

describe('analytics in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser({ askConsent: true });
  });
  afterAll(() => browser.close());

  it('asks a new visitor in their language, and sends nothing while they have not agreed or declined', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (isAnalytics(request)) sent.push(request.url());
    });
    await visit(page, `${baseUrl}/el`);
    const banner = page.getByRole('dialog', { name: 'Cookies και μετρήσεις' });
    await banner.waitFor();
    await page.getByRole('link', { name: 'Παιχνίδια' }).first().click();
    await page.waitForURL(/\/el\/games/);
    await banner.getByRole('button', { name: 'Μόνο τα απαραίτητα cookies' }).click();
    await banner.waitFor({ state: 'detached' });
    await visit(page, `${baseUrl}/el/promotions`);
    // The choice is kept: the next page asks nothing, and the footer opens the question again.
    await page.locator('footer').getByRole('button', { name: 'Ρυθμίσεις cookies' }).click();
    await page
      .getByRole('dialog', { name: 'Cookies και μετρήσεις' })
      .getByText('Αυτή τη στιγμή επιτρέπετε μόνο τα απαραίτητα cookies.')
      .waitFor();
    expect(sent).toEqual([]);
    await context.close();
  });

  it("follows each visitor's own choice: two at once, one declining and one agreeing", async () => {
    const visitor = async (choice: 'Only necessary cookies' | 'Allow measurement') => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sent: string[] = [];
      page.on('request', (request) => {
        if (isAnalytics(request)) sent.push(new URL(request.url()).pathname);
      });
      await visit(page, baseUrl);
      const banner = page.getByRole('dialog', { name: 'Cookies and measurement' });
      await banner.getByRole('button', { name: choice }).click();
      await banner.waitFor({ state: 'detached' });
      return { context, page, sent };
    };
    const [declining, agreeing] = await Promise.all([
      visitor('Only necessary cookies'),
      visitor('Allow measurement'),
    ]);
    for (const { page } of [declining, agreeing]) {
      await page.locator('header').getByRole('link', { name: 'Promotions' }).click();
      await page.waitForURL(/\/promotions$/);
    }
    // The visitor who agreed: their pages reach the ingest under their own anonymous id.
    const anonymousId = (await (
      await agreeing.page.waitForFunction(() => {
        const found = /(?:^|; )ajs_anonymous_id=([^;]+)/.exec(document.cookie);
        return found ? decodeURIComponent(found[1] ?? '').replaceAll('"', '') : null;
      })
    ).jsonValue()) as string;
    await expect
      .poll(async () => {
        const events = await operator(analyticsOperatorApi.events, { query: { anonymous_id: anonymousId } });
        return events.ok ? events.body.filter((event) => event.type === 'page').length : 0;
      })
      .toBe(2);
    // Once those are in, the visitor who declined has sent nothing, and holds no analytics id.
    expect(declining.sent).toEqual([]);
    expect(await declining.page.evaluate(() => document.cookie)).not.toContain('ajs_anonymous_id');
    expect(agreeing.sent.length).toBeGreaterThan(0);
    await Promise.all([declining.context.close(), agreeing.context.close()]);
  });

  it('delivers every event of a visit once, through deliveries the ingest refuses at first', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The ingest answers the first three batches 503, as one being deployed would.
    let refused = 0;
    await page.route('**/analytics/v1/b', async (route) => {
      if (refused < 3) {
        refused += 1;
        await route.fulfill({ status: 503, body: '' });
      } else {
        await route.continue();
      }
    });
    // The events the library delivered (answered 2xx), by message id.
    const delivered = new Set<string>();
    page.on('requestfinished', async (request) => {
      if (!new URL(request.url()).pathname.endsWith('/analytics/v1/b')) return;
      if ((await request.response())?.ok() !== true) return;
      const { batch } = JSON.parse(request.postData() ?? '{}') as {
        batch?: { type: string; messageId: string }[];
      };
      for (const event of batch ?? []) delivered.add(event.messageId);
    });
    await visit(page, baseUrl);
    await page
      .getByRole('dialog', { name: 'Cookies and measurement' })
      .getByRole('button', { name: 'Allow measurement' })
      .click();
    const anonymousId = await page.waitForFunction(() => {
      const found = /(?:^|; )ajs_anonymous_id=([^;]+)/.exec(document.cookie);
      return found ? decodeURIComponent(found[1] ?? '').replaceAll('"', '') : null;
    });
    const id = (await anonymousId.jsonValue()) as string;

    // Navigations in the page, as a visitor's are: each a page event; each sign-up click two more.
    const cycles = 25;
    const header = page.locator('header');
    for (let cycle = 0; cycle < cycles; cycle++) {
      await header.getByRole('link', { name: 'Promotions' }).click();
      await page.waitForURL(/\/promotions$/);
      await header.getByRole('link', { name: 'Sign up' }).click();
      await page.waitForURL(/\/users\/sign_up$/);
    }
    // Every event of the visit delivered, the first page (made before the visitor agreed) among them:
    // the library's own batching and retries carried them through the refusals. Then the visit ends
    // and the session_end beacon goes as the page is hidden. (An event made in the last moments before
    // a close is the library's unload path, measured apart in bench/analytics-delivery.)
    await expect.poll(() => delivered.size).toBe(1 + 4 * cycles);
    await page.close({ runBeforeUnload: true });

    const expected = {
      page: 1 + 2 * cycles,
      header_promotions_reg: cycles,
      click_on_sign_up: cycles,
      session_end: 1,
    };
    const stored = async () => {
      const events = await operator(analyticsOperatorApi.events, {
        query: { anonymous_id: id, limit: 1000 },
      });
      if (!events.ok) throw new Error(`reading the events: ${events.status}`);
      const counts: Record<string, number> = {};
      // What the page sent; the platform's own events of the visitor (an experiment's exposure) aside.
      for (const event of events.body.filter((each) => each.source === 'web')) {
        const key = event.type === 'page' ? 'page' : (event.name ?? '');
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return {
        counts,
        unique: new Set(events.body.map((event) => event.message_id)).size === events.body.length,
      };
    };
    await expect
      .poll(async () => (await stored()).counts, { timeout: 60_000, interval: 250 })
      .toEqual(expected);
    expect((await stored()).unique).toBe(true);
    expect(refused).toBe(3);
    await context.close();
  });
});
