import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');

describe('the end of a break on the sign-in page (issue 31 item 21)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("hydrates without a mismatch and shows the end in the visitor's own time zone", async () => {
    // Auckland is 13 hours ahead of the server's UTC on this date: a time rendered in either differs.
    const context = await browser.newContext({ timezoneId: 'Pacific/Auckland', locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await visit(page, `${baseUrl}/users/sign_in?excluded=2026-12-01T10:00:00.000Z&kind=self_exclusion`);
    await page
      .getByText('You have excluded yourself until 1 Dec 2026, 23:00 and have been signed out.', {
        exact: false,
      })
      .waitFor();
    expect(errors.filter((text) => /#418|#423|hydrat/i.test(text))).toEqual([]);
    await context.close();
  });
});
