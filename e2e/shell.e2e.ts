import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');
/** Node's fetch calls itself "node", which bot detection rightly flags; visitors here use a browser. */
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const get = (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': browserAgent, ...(init.headers as Record<string, string> | undefined) },
  });

async function metaTitle(slug: string, locale: 'en' | 'el'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/content/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ collection: 'metaTags', locale, where: { slug } }),
  });
  const { items } = (await response.json()) as { items: { data: { title: string } }[] };
  if (!items[0]) throw new Error(`no metaTags entry ${slug} in ${locale}`);
  return items[0].data.title;
}

const pageRoutes = [
  '/',
  '/deposit',
  '/users/confirmation',
  '/users/confirmation/new',
  '/users/password/edit',
  '/users/password/new',
  '/users/unlock',
  '/users/unlock/new',
  '/users/sign_in',
  '/users/sign_up',
  '/faq',
  '/support',
  '/payments',
  '/providers',
  '/mobile-app',
  '/notifications',
  '/wheel-of-fortune',
  '/games/all',
  '/games/slots/chrysos-originals',
  '/tournaments/active',
  '/tournaments/finished/autumn-spin-cup',
  '/promotions',
  '/profile/general',
  '/profile/wallet/balance',
  '/download-apk',
  '/download-ipa',
  '/promos/welcome',
  '/game/golden-drachma',
  '/terms-and-conditions',
  '/privacy-policy',
];

describe('every route of the site in English and Greek', () => {
  it.each(pageRoutes.flatMap((path) => [path, path === '/' ? '/el' : `/el${path}`]))(
    '%s renders',
    async (path) => {
      const response = await get(path, {
        headers: { cookie: `i18n_redirected=${path.startsWith('/el') ? 'el' : 'en'}` },
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${path.startsWith('/el') ? 'el' : 'en'}" dir="ltr"`);
      expect(html).toMatch(/<main[^>]*id="main"/);
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+[^"]*"/);
      expect(html).toContain('hrefLang="el"');
    },
  );
});

describe('redirects', () => {
  it.each([
    ['/games', '/games/all'],
    ['/tournaments', '/tournaments/active'],
    ['/profile', '/profile/general'],
    ['/users/edit', '/profile/general/security'],
    ['/documents', '/profile/general/verification'],
    ['/accounts/EUR/cashout', '/profile/wallet/withdrawal?currency=EUR'],
    ['/accounts/BTC/select', '/profile/wallet/balance'],
    ['/accounts/history', '/profile/wallet/transactions'],
    ['/accounts/EUR/deposit', '/deposit'],
  ])('%s → %s, in both languages', async (from, to) => {
    const english = await get(from);
    expect(english.status).toBe(301);
    expect(english.headers.get('location')).toBe(to);
    const greek = await get(`/el${from}`);
    expect(greek.status).toBe(301);
    expect(greek.headers.get('location')).toBe(`/el${to}`);
  });

  it.each(['/profile/verification', '/profile/wallet/bonuses', '/profile/wallet/balance/extra'])(
    'sends the profile section this site does not have, %s, to /profile/general',
    async (from) => {
      const english = await get(from);
      expect(english.status).toBe(302);
      expect(english.headers.get('location')).toBe('/profile/general');
      const greek = await get(`/el${from}`);
      expect(greek.status).toBe(302);
      expect(greek.headers.get('location')).toBe('/el/profile/general');
    },
  );

  it.each([
    '/profile/general',
    '/profile/general/security',
    '/profile/general/verification',
    '/profile/wallet/balance',
    '/profile/wallet/deposit',
    '/profile/wallet/withdrawal',
    '/profile/wallet/transactions',
  ])('keeps the known profile section %s where it is', async (path) => {
    expect((await get(path)).status).toBe(200);
    expect((await get(`/el${path}`)).status).toBe(200);
  });

  it('keeps the query string of a redirected page', async () => {
    expect((await get('/games?utm_source=news')).headers.get('location')).toBe('/games/all?utm_source=news');
  });

  it.each([
    ['/fi', '/'],
    ['/fi/faq', '/faq'],
    ['/en-ZA/promotions?btag=7', '/promotions?btag=7'],
  ])('strips the foreign locale prefix: %s → %s', async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it.each([
    '/fi//evil.example/login',
    '/en-ZA//evil.example/',
    '/fi/\\evil.example/',
    '/fi\\evil.example/',
    '/fi/%2F%2Fevil.example/',
  ])('keeps the redirect of %s on the site', async (path) => {
    // Sent as raw bytes: fetch would rewrite the backslashes before they reach the server.
    const { status, location } = await new Promise<{ status: number; location: string }>(
      (resolve, reject) => {
        const sent = httpRequest(
          `${baseUrl}/`,
          { path, headers: { 'user-agent': browserAgent } },
          (answer) => {
            answer.resume();
            resolve({ status: answer.statusCode ?? 0, location: String(answer.headers.location ?? '') });
          },
        );
        sent.on('error', reject);
        sent.end();
      },
    );
    expect(status).toBe(301);
    expect(new URL(location, baseUrl).origin).toBe(baseUrl);
  });

  it('refuses a page post larger than the body limit', async () => {
    const response = await get('/faq', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `text=${'x'.repeat(300 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });

  it('writes canonical and alternate links on the configured origin whatever Host the request names', async () => {
    const html = await new Promise<string>((resolve, reject) => {
      const headers = {
        'user-agent': browserAgent,
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      };
      const sent = httpRequest(`${baseUrl}/faq`, { headers }, (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => {
          body += chunk;
        });
        answer.on('end', () => resolve(body));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/faq"`);
    expect(html).not.toContain('evil.example');
  });

  it('sends a visitor who chose Greek from / to /el, and remembers the choice for a year', async () => {
    const remembered = await get('/', { headers: { cookie: 'i18n_redirected=el' } });
    expect(remembered.status).toBe(302);
    expect(remembered.headers.get('location')).toBe('/el');
    const browserInGreek = await get('/', { headers: { 'accept-language': 'el-GR,el;q=0.9,en;q=0.5' } });
    expect(browserInGreek.headers.get('location')).toBe('/el');
    const greek = await get('/el/faq');
    expect(greek.headers.get('set-cookie')).toMatch(/i18n_redirected=el; Path=\/; Max-Age=31536000/);
  });

  it('applies the configured route rules on the server', async () => {
    const response = await get('/vip');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/promotions');
  });
});

describe('pages that exist only for stored content', () => {
  it.each([
    '/no-such-page',
    '/el/no-such-page',
    '/promotions/no-such-offer',
    '/el/promotions/no-such-offer',
    '/a/b/c',
  ])('%s is a real 404 page', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    const locale = path.startsWith('/el') ? 'el' : 'en';
    expect(html).toContain(`<title>${await metaTitle('404', locale)}</title>`);
    expect(html).toContain('/images/not-found.svg');
  });

  it('serves a stored text page and a stored promotion', async () => {
    const terms = await (await get('/terms-and-conditions')).text();
    expect(terms).toMatch(/<h2[^>]*>/);
    const promotion = await get('/promotions/welcome-package');
    expect(promotion.status).toBe(200);
    expect(await get('/el/promotions/welcome-package').then((r) => r.status)).toBe(200);
  });

  it('does not render pass-through paths', async () => {
    const exit = await get('/exit_iframe');
    expect(exit.status).toBe(200);
    expect(await exit.text()).toContain('chrysos:exit-game');
  });

  // Social sign-in lives on the server (GET /users/auth/:provider and its callback), never the web app.
  it.each(['/users/auth/google', '/users/auth/google/callback?code=x&state=y'])(
    '%s belongs to the server: a provider this casino does not offer is a JSON 404',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await response.text();
      expect(body).not.toContain('id="main"');
      expect(JSON.parse(body)).toEqual({
        errors: { provider: ['This sign-in provider is not available'] },
        codes: { provider: ['auth.provider_unavailable'] },
      });
    },
  );
});

describe('blocked countries', () => {
  it('answers 403 with the block page and no way home', async () => {
    const response = await get('/faq', { headers: { 'cf-ipcountry': 'US' } });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain('Sorry, players from your country are not allowed to visit this casino');
    expect(html).toContain('mailto:support@chrysos.casino');
    const page = html.match(/<main class="blocked">[\s\S]*?<\/main>/)?.[0] ?? '';
    expect(page).toContain('<h1>');
    expect(page).not.toMatch(/href="\/(el)?"/);
    const greek = await (await get('/el', { headers: { 'cf-ipcountry': 'US' } })).text();
    expect(greek).toContain('Λυπούμαστε, οι παίκτες από τη χώρα σας');
  });

  it('lets bots through and leaves other countries alone', async () => {
    const bot = await get('/faq', {
      headers: {
        'cf-ipcountry': 'US',
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      },
    });
    expect(bot.status).toBe(200);
    expect((await get('/faq', { headers: { 'cf-ipcountry': 'GR' } })).status).toBe(200);
  });

  // Spec §6: only bot, lighthouse, facebook or google skip the error pages (issue 31 item 11).
  it.each([
    ['curl/8.5.0', 403],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      403,
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 200],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Chrome-Lighthouse', 200],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 200],
  ])('from a blocked country, %s is answered %i', async (userAgent, status) => {
    const response = await get('/faq', { headers: { 'cf-ipcountry': 'US', 'user-agent': userAgent } });
    expect(response.status).toBe(status);
  });
});

describe('in the browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** Waits until exactly these modals are open, bottom to top. */
  const waitForModals = (expected: string[]) =>
    page.waitForFunction(
      (names) =>
        [...document.querySelectorAll('[data-modal]')]
          .map((node) => node.getAttribute('data-modal'))
          .join() === names,
      expected.join(),
    );
  const openModals = () =>
    page.locator('[data-modal]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-modal')));

  it('opens modals named in the hash, keeps a stack, and respects Anon/Auth', async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/#Menu`);
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();

    await page.evaluate(() => {
      window.location.hash = 'Login';
    });
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    expect(await openModals()).toEqual(['Menu', 'Login']);

    await page.evaluate(() => {
      window.location.hash = 'Menu';
    });
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-modal]')].at(-1)?.getAttribute('data-modal') === 'Menu',
    );
    expect(await openModals()).toEqual(['Login', 'Menu']);

    await page.keyboard.press('Escape');
    await waitForModals(['Login']);
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Close' }).click();
    await waitForModals([]);
    // The address drops the hash once the last modal has closed (a history update after the render).
    await expect.poll(() => new URL(page.url()).hash).toBe('');

    await page.goto(`${baseUrl}/#RegisterAnon`);
    await page.getByRole('dialog', { name: 'Create your account' }).waitFor();
    await visit(page, `${baseUrl}/faq#FillProfileAuth`);
    await page.waitForLoadState('networkidle');
    expect(await openModals()).toEqual([]);
    await visit(page, `${baseUrl}/faq#NoSuchModal`);
    await page.waitForLoadState('networkidle');
    expect(await openModals()).toEqual([]);
    await page.goto(`${baseUrl}/#cashier`);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await page.close();
  });

  it('asks iOS in-app browser users to open Safari, and keeps asking above other modals', async () => {
    const context = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 356.0.0.26.89',
      viewport: { width: 390, height: 844 },
    });
    page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('dialog', { name: 'Open in your browser' }).waitFor();
    await page.evaluate(() => {
      window.location.hash = 'Menu';
    });
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-modal]')].map((node) =>
        node.getAttribute('data-modal'),
      );
      return names.join() === 'Menu,LeaveWebView';
    });
    expect(await openModals()).toEqual(['Menu', 'LeaveWebView']);
    await context.close();
  });

  it('opens the login modal instead of the cashier for a visitor on /deposit', async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/deposit`);
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await page.close();
  });

  it('shows the loading bar on a slow navigation and removes it when done', async () => {
    page = await browser.newPage();
    await visit(page, `${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.route('**/*.data*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('footer').getByRole('link').first().click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor({ state: 'visible' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await bar.waitFor({ state: 'detached' });
    await page.close();
  });

  it('hides content links on the game layout and goes back to the page the player came from', async () => {
    page = await browser.newPage();
    await visit(page, `${baseUrl}/faq`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(1);
    await visit(page, `${baseUrl}/game/golden-drachma`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('link', { name: /Back/ }).click();
    await page.waitForURL(`${baseUrl}/faq`);
    await page.close();
  });

  it('links the web manifest and registers the service worker', async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    const manifestHref = await page.getAttribute('link[rel="manifest"]', 'href');
    const manifest = await (await fetch(`${baseUrl}${manifestHref}`)).json();
    expect(manifest).toMatchObject({
      name: 'Chrysos Casino',
      display: 'standalone',
      start_url: '/?source=pwa',
    });
    for (const icon of manifest.icons as { src: string }[]) {
      expect((await fetch(`${baseUrl}${icon.src}`)).status, icon.src).toBe(200);
    }
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
    expect(await page.getAttribute('html', 'data-display-mode')).toBe('browser');
    await page.close();
  });

  it('serves the offline page from the service worker when the network is gone', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto(`${baseUrl}/faq`).catch(() => null);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.textContent('body')).toContain('Δεν είστε συνδεδεμένοι');
    await context.close();
  });

  it('reloads once after a failed chunk preload, not again within ten seconds', async () => {
    page = await browser.newPage();
    await visit(page, `${baseUrl}/faq`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await Promise.all([
      page.waitForEvent('load'),
      page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }))),
    ]);
    expect(page.url()).toBe(`${baseUrl}/faq`);
    expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBeUndefined();

    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    // Inside the guard window the page lets the error go on: it does not take the event (taking it is
    // how it says it reloads, which it decides at once), and the page is the one it was.
    const taken = await page.evaluate(
      () => !window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })),
    );
    expect(taken).toBe(false);
    expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBe(true);
    await page.close();
  });

  it('keeps the browser scrollbar on promo landing pages only', async () => {
    page = await browser.newPage();
    await page.goto(`${baseUrl}/promos/welcome`);
    expect(await page.getAttribute('html', 'class')).toBeNull();
    await page.goto(`${baseUrl}/faq`);
    expect(await page.getAttribute('html', 'class')).toBe('custom-scrollbar');
    await page.close();
  });

  it('keeps the language and follows redirects on client-side navigation', async () => {
    page = await browser.newPage();
    await visit(page, `${baseUrl}/el/faq`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { stayedOnDocument: true }));
    await page
      .getByRole('navigation', { name: 'Κύριο μενού' })
      .getByRole('link', { name: 'Προσφορές' })
      .click();
    await page.waitForURL(`${baseUrl}/el/promotions`);
    await page.getByRole('heading', { level: 1, name: 'Προσφορές' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('el');

    // The header links the bare /tournaments: its loader redirects, still without a page reload.
    await page
      .getByRole('navigation', { name: 'Κύριο μενού' })
      .getByRole('link', { name: 'Τουρνουά' })
      .click();
    await page.waitForURL(`${baseUrl}/el/tournaments/active`);
    expect(await page.evaluate(() => (window as { stayedOnDocument?: boolean }).stayedOnDocument)).toBe(true);
    await page.close();
  });
});
