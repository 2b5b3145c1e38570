import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SentryEvent,
  type SentryReceiver,
  startSentryReceiver,
} from '../apps/server/src/testing/sentry-receiver.ts';
import { launchBrowser } from './browser.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * Error reporting in the browser (spec §9, decision 37): with SENTRY_DSN the page loads Sentry's
 * React SDK only after hydration (no first load preloads or runs it), and an error thrown in the live
 * page reaches Sentry's ingest, here a receiver on loopback reading envelopes with the SDK's own
 * parser. The page's Content-Security-Policy lets the report through.
 */

/** The SDK's name in what @sentry/react sends. */
const reactSdk = 'sentry.javascript.react';
/** The name of the SDK's global, in the code of any chunk that carries the SDK. */
const sdkGlobal = '__SENTRY__';

let receiver: SentryReceiver;
let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  receiver = await startSentryReceiver();
  [product, browser] = await Promise.all([
    startProduct({ env: { SENTRY_DSN: receiver.dsn, SENTRY_ENVIRONMENT: 'e2e' } }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await receiver?.close();
});

/** Every script a page of the first load names: preloaded modules, module scripts and the bootstrap's imports. */
function firstLoadScripts(html: string): string[] {
  const named = [
    ...html.matchAll(
      /<(?:link rel="modulepreload"|script[^>]*type="module")[^>]*(?:href|src)="([^"]+\.js)"/g,
    ),
    ...html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g),
  ];
  return named.map((match) => new URL(match[1] as string, product.url).pathname);
}

describe('error reporting in the browser', () => {
  it('loads the SDK after hydration only and reports an error thrown in the live page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    // A query as a campaign link brings one: it must not travel with the report.
    const campaign = randomBytes(9).toString('hex');
    const navigation = await page.goto(`${product.url}/?utm_campaign=${campaign}`);
    const html = (await navigation?.text()) ?? '';
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    // Until the SDK has started an error would go unseen: root.tsx says when it has.
    await page.locator('html[data-error-reporting="started"]').waitFor({ state: 'attached' });

    const message = `the page broke ${randomBytes(6).toString('hex')}`;
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);
    const reported = () =>
      receiver
        .events()
        .filter((event: SentryEvent) => event.exception?.values?.some((value) => value.value === message));
    await expect.poll(() => reported().length).toBe(1);
    const [event] = reported();
    expect(event?.sdk?.name).toBe(reactSdk);
    expect(event?.environment).toBe('e2e');
    expect(event?.request?.url).toBe(`${product.url}/`);
    expect(JSON.stringify(receiver.envelopes)).not.toContain(campaign);

    // The chunks that carry the SDK: loaded by now, and named by none of the first load's scripts.
    const sdkChunks: string[] = [];
    for (const script of scripts) {
      const body = await (await fetch(`${product.url}${script}`)).text();
      if (body.includes(sdkGlobal)) sdkChunks.push(script);
    }
    expect(sdkChunks.length).toBeGreaterThan(0);
    const firstLoad = firstLoadScripts(html);
    expect(firstLoad.length).toBeGreaterThan(0);
    for (const chunk of sdkChunks) expect(firstLoad).not.toContain(chunk);
    await context.close();
  });
});
