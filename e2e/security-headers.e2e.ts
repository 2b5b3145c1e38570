import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectPaymentOutcome, payOnSandbox } from './harness/wallet.ts';

/**
 * The Content-Security-Policy and frame protection as a browser applies them: every page a player
 * goes through (home in both languages, the lobby, a game round in the game frame and the way out
 * of it, the cashier and the sandbox card page, the withdrawal page, the demo mailbox, the offline
 * page) runs without a single violation, each inline script carrying the answer's nonce (or, on an
 * anonymous page from the render cache, allowed by its hash, with no nonce to reuse); a page of
 * another origin cannot frame the product. Personal pages are never cached.
 */
const text = copy.en;
const password = 'Lantern-Harbour-58';
let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  // Demo mode opens the mailbox, whose email preview is a frame of its own.
  [product, browser] = await Promise.all([sharedProduct('demo'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A browser context whose pages and frames report every policy violation: the
 * `securitypolicyviolation` event in each document, and the console's "Refused to …" lines.
 */
async function watchedContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', ({ frame }, violation: string) => {
    violations.push(`${frame.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (violation: string) => void }).reportViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
  context.on('page', watch);
  return { context, violations };
}

/** The nonce of the page's policy, and whether every inline script of the page carries it. */
async function inlineScriptsCarryNonce(page: Page, response: { headers(): Record<string, string> } | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, 'the page has a script nonce').toBeTruthy();
  const nonces = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => (script as HTMLScriptElement).nonce),
  );
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
}

/**
 * An anonymous page comes from the render cache, sent to many visitors: no nonce (one would be shared),
 * every inline script allowed by the SHA-256 of its text instead.
 */
async function inlineScriptsAllowedByHash(
  page: Page,
  response: { headers(): Record<string, string> } | null,
) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).not.toMatch(/'nonce-/);
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? ''),
  );
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  }
}

describe('pages under the Content-Security-Policy', () => {
  let context: BrowserContext;
  let violations: string[];
  let page: Page;
  beforeAll(async () => {
    ({ context, violations } = await watchedContext());
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it('renders and hydrates home, the Greek home, the lobby and the payments page without a violation', async () => {
    for (const path of ['/', '/el', '/games/all', '/payments']) {
      const response = await page.goto(`${product.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(response?.status(), path).toBe(200);
      await inlineScriptsAllowedByHash(page, response);
      // Hydrated: the app's effects ran (they mark the display mode on <html>).
      await page.waitForFunction(() => document.documentElement.dataset.displayMode === 'browser');
    }
    expect(violations).toEqual([]);
  });

  it('lets a signed-in player pay through the cashier and the sandbox card page, play a round in the game frame and open the withdrawal page', async () => {
    const email = uniqueAddress('csp');
    await createPlayer(product.url, { email, password, language: 'en', country: 'GR' });
    await signInContext(context, product.url, email, password);

    // The cashier modal, then the sandbox payment partner's card page and back.
    await visit(page, `${product.url}/deposit`);
    const cashier = page.getByRole('dialog', { name: text.wallet.cashier });
    await cashier.getByLabel(text.wallet.amount('EUR')).fill('50');
    await cashier
      .getByRole('button', { name: text.wallet.depositAmount(text.money(50)), exact: true })
      .click();
    await payOnSandbox(page, text, 'success', text.money(50));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(text.money(50)));

    // A real-money round in the game frame (our own page framing our own game client).
    const game = await page.goto(`${product.url}/game/golden-drachma?mode=real`);
    await inlineScriptsCarryNonce(page, game);
    const frame = page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
    await frame.getByText(text.money(50)).first().waitFor();
    await frame.getByRole('button', { name: 'Spin', exact: true }).click();
    const booked = async () => {
      const answer = await context.request.get(`${product.url}/api/player/transactions?kind=game`);
      return ((await answer.json()) as { items: { kind: string }[] }).items.map((item) => item.kind);
    };
    // The round's stake is booked (a lost round is its bet alone; a win adds its own row).
    await expect.poll(booked).toContain('bet');
    // The game sends the player back through /exit_iframe, whose inline script closes the game.
    await page
      .locator('iframe.game-stage__frame')
      .evaluate((element: HTMLIFrameElement) => element.setAttribute('src', '/exit_iframe'));
    await page.waitForURL((url) => url.pathname !== '/game/golden-drachma');

    const withdrawal = await page.goto(`${product.url}/profile/wallet/withdrawal`);
    await page.getByRole('heading', { level: 2, name: text.wallet.withdrawTitle, exact: true }).waitFor();
    await inlineScriptsCarryNonce(page, withdrawal);
    expect(violations).toEqual([]);
  });

  it('shows an email in the demo mailbox preview without a violation', async () => {
    await page.goto(`${product.url}/dev/mailbox`);
    await page.getByRole('link', { name: text.mail.confirmation }).first().click();
    const preview = page.frameLocator('iframe[title="Email"]');
    await preview
      .getByText(/confirm/i)
      .first()
      .waitFor();
    expect(violations).toEqual([]);
  });

  it('offers a working "Try again" on the offline page, with no inline handler', async () => {
    await page.goto(`${product.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(`${product.url}/faq`).catch(() => null);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again · Δοκιμάστε ξανά' }).click();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/faq');
    expect(violations).toEqual([]);
  });
});

describe('a page of another origin framing the product', () => {
  let foreign: Server;
  let foreignUrl: string;
  beforeAll(async () => {
    // Another site (another port is another origin) that frames the withdrawal page and a game client.
    foreign = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>Not Chrysos</title><h1>Someone else's site</h1>` +
          `<iframe name="withdrawal" src="${product.url}/profile/wallet/withdrawal"></iframe>` +
          `<iframe name="home" src="${product.url}/"></iframe>`,
      );
    });
    foreign.listen(0, '127.0.0.1');
    await once(foreign, 'listening');
    foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => foreign?.close(() => resolve())));

  it('is refused: the frames never show the product', async () => {
    const { context, violations } = await watchedContext();
    const email = uniqueAddress('framed');
    await createPlayer(product.url, { email, password, language: 'en', country: 'GR' });
    await signInContext(context, product.url, email, password);
    const page = await context.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(foreignUrl);
    await page.waitForLoadState('load');
    await page.getByRole('heading', { name: "Someone else's site" }).waitFor();
    await expect.poll(() => refusals.length).toBe(2);
    for (const name of ['withdrawal', 'home']) {
      const frame = page.frame({ name });
      if (!frame) throw new Error(`no ${name} frame`);
      // Chromium shows its own error page in place of a refused frame.
      expect(new URL(frame.url()).origin).not.toBe(product.url);
      expect(await frame.locator('body').textContent()).not.toMatch(/Chrysos|Withdraw/);
    }
    expect(violations.filter((line) => !/frame-ancestors/.test(line))).toEqual([]);
    await context.close();
  });
});

describe('Cache-Control of pages', () => {
  const get = (path: string, cookie = '') =>
    fetch(`${product.url}${path}`, {
      redirect: 'manual',
      headers: { 'user-agent': browserAgent, cookie: `i18n_redirected=en; ${cookie}` },
    });

  it('keeps profile pages and every page of a signed-in player out of caches', async () => {
    const email = uniqueAddress('cache');
    await createPlayer(product.url, { email, password, language: 'en', country: 'GR' });
    const signIn = await fetch(`${product.url}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
      body: JSON.stringify({ user: { email, password } }),
    });
    expect(signIn.headers.get('cache-control')).toBe('private, no-store');
    const session = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(session).toMatch(/^chrysos_session=/);

    for (const path of [
      '/profile/wallet/withdrawal',
      '/el/profile/general',
      '/profile/wallet/transactions',
    ]) {
      const visitor = await get(path);
      expect(visitor.headers.get('cache-control'), `${path} for a visitor`).toBe('private, no-store');
      const player = await get(path, session);
      expect(player.status, path).toBe(200);
      expect(player.headers.get('cache-control'), `${path} for a player`).toBe('private, no-store');
    }
    for (const path of ['/', '/games/all', '/faq']) {
      const player = await get(path, session);
      expect(player.status, path).toBe(200);
      expect(player.headers.get('cache-control'), `${path} for a player`).toBe('private, no-store');
    }
  });

  it('lets a shared cache keep public pages for visitors briefly, and hashed files for good', async () => {
    const faq = await get('/faq');
    expect(faq.status).toBe(200);
    // From the render cache: a CDN may keep it as long as the product does, revalidating by ETag.
    expect(faq.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    expect(faq.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const asset = /\/assets\/[^"]+\.js/.exec(await faq.text())?.[0];
    if (!asset) throw new Error('the page names no script asset');
    const file = await get(asset, 'chrysos_session=anything');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
