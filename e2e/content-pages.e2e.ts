import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';
import { type RunningProduct, scratchDir, startProduct } from './server.ts';

const { url: baseUrl } = await sharedProduct('standard');
/** The status of a page, with its body read: an unread response holds the connection and delays shutdown. */
const statusOf = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return response.status;
};
const contentRoot = fileURLToPath(new URL('../content', import.meta.url));

/** The FAQ as the content writes it for a language: its categories in order, each with its questions. */
async function faqOf(locale: 'en' | 'el') {
  const folder = path.join(contentRoot, locale, 'faq');
  const groups: { category: string; questions: string[] }[] = [];
  for (const file of (await readdir(folder)).sort()) {
    const text = await readFile(path.join(folder, file), 'utf8');
    const field = (name: string) => new RegExp(`^${name}: "(.*)"$`, 'm').exec(text)?.[1] ?? '';
    const category = field('category');
    const group = groups.find((found) => found.category === category);
    if (group) group.questions.push(field('question'));
    else groups.push({ category, questions: [field('question')] });
  }
  return groups;
}

describe('content pages in English and Greek', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  const open = async (path: string) => {
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status(), path).toBe(200);
  };
  const count = (selector: string) => page.locator(selector).count();

  for (const prefix of ['', '/el']) {
    it(`home${prefix}: hero, strengths, studio and responsible play`, async () => {
      await open(prefix || '/');
      expect(await page.locator('.hero__title').textContent()).not.toBe('');
      expect(await count('.cards .card')).toBeGreaterThanOrEqual(4);
      expect(await count('.families .family')).toBe(5);
      expect(await count('.responsible a')).toBe(1);
    });

    it(`promotions${prefix}: the listed offers, each leading to its page`, async () => {
      await open(`${prefix}/promotions`);
      // The offers the promotions listing names, in its order.
      expect(
        await page
          .locator('[data-promotion]')
          .evaluateAll((cards) => cards.map((card) => card.dataset.promotion)),
      ).toEqual(['welcome-package', 'weekend-reload']);
      await page.locator('[data-promotion="welcome-package"] a').click();
      await page.waitForURL(`${baseUrl}${prefix}/promotions/welcome-package`);
      await page.locator('.promotion__terms li').first().waitFor();
      expect(await count('.promotion__terms li')).toBeGreaterThanOrEqual(3);
    });

    it(`faq${prefix}: grouped questions, filtered as you type`, async () => {
      await open(`${prefix}/faq`);
      await page.waitForLoadState('networkidle');
      // Every question of the content, under its category, in the content's order.
      const shown = await page.locator('.faq__group').evaluateAll((groups) =>
        groups.map((group) => ({
          category: group.querySelector('h2')?.textContent ?? '',
          questions: [...group.querySelectorAll('.faq__item summary')].map(
            (summary) => summary.textContent ?? '',
          ),
        })),
      );
      expect(shown).toEqual(await faqOf(prefix ? 'el' : 'en'));
      const all = await count('.faq__item');
      const firstQuestion = (await page.locator('.faq__item summary').first().textContent()) ?? '';
      await page.getByRole('searchbox').fill(firstQuestion.slice(0, 12));
      await page.waitForFunction((before) => document.querySelectorAll('.faq__item').length < before, all);
      await page.getByRole('searchbox').fill('zzzz-nothing-matches');
      await page.locator('.notice').waitFor();
    });

    it(`payments${prefix}: the cashier's methods with its limits per currency`, async () => {
      await open(`${prefix}/payments`);
      await page.waitForLoadState('networkidle');
      // Only what the cashier offers (both card brands are its card method), at the limits it enforces.
      expect(await count('tbody tr')).toBe(2);
      const eur = (await page.locator('tbody tr').first().textContent()) ?? '';
      const grouped = prefix ? ['5.000', '10.000'] : ['5,000', '10,000'];
      expect(eur).toContain(`10 – ${grouped[0]} EUR`);
      expect(eur).toContain(`20 – ${grouped[1]} EUR`);
      await page.getByRole('combobox').selectOption('BTC');
      await page.waitForFunction((before) => document.querySelector('tbody tr')?.textContent !== before, eur);
      expect(await page.locator('tbody tr').first().textContent()).toContain(
        '0.0002 – 0.1 BTC'.replace(/\./g, prefix ? ',' : '.'),
      );
      expect(page.url()).toContain('?currency=BTC');
    });

    it(`providers${prefix}: the studios with their story`, async () => {
      await open(`${prefix}/providers`);
      expect(await count('.providers__studio')).toBe(3);
      expect(await count('.providers__studio img')).toBe(3);
    });

    it(`support${prefix}: channels, hours and the contact form`, async () => {
      await open(`${prefix}/support`);
      expect(await count('.support__channels li')).toBe(3);
      expect(await count('.support__hours div')).toBeGreaterThanOrEqual(1);
      expect(await count('form textarea')).toBe(1);
    });

    it(`mobile app and downloads${prefix}`, async () => {
      await open(`${prefix}/mobile-app`);
      expect(await count('.platforms li')).toBe(2);
      await open(`${prefix}/download-apk`);
      expect(await count('.download__steps li')).toBeGreaterThanOrEqual(2);
      await open(`${prefix}/download-ipa`);
      expect(await count('.download__steps li')).toBeGreaterThanOrEqual(2);
    });

    it(`landing pages${prefix}`, async () => {
      await open(`${prefix}/promos/welcome`);
      expect(await page.locator('.landing__bonus').textContent()).not.toBe('');
      expect(await count('.landing__steps li')).toBeGreaterThanOrEqual(2);
      const missing = await page.goto(`${baseUrl}${prefix}/promos/no-such-campaign`);
      expect(missing?.status()).toBe(404);
    });

    it(`text pages${prefix}`, async () => {
      for (const slug of [
        'terms-and-conditions',
        'privacy-policy',
        'cookie-policy',
        'responsible-gaming',
        'bonus-terms',
        'aml-kyc-policy',
        'complaints',
        'about-us',
      ]) {
        await open(`${prefix}/${slug}`);
        expect(await count('.text-page h1'), slug).toBe(1);
        expect(await count('.text-page .prose h2'), slug).toBeGreaterThanOrEqual(2);
      }
    });
  }
});

describe('promotions for some visitors only, and the contact form', () => {
  let product: RunningProduct;
  let browser: Browser;
  let content: string;
  beforeAll(async () => {
    // The shipped content plus an expired offer and one for VIP players only.
    content = await scratchDir('content-');
    await cp(contentRoot, content, { recursive: true });
    for (const locale of ['en', 'el']) {
      const welcome = await readFile(path.join(content, locale, 'promotions/01-welcome-package.md'), 'utf8');
      const variant = (slug: string, rule: string) =>
        welcome.replace('slug: welcome-package', `slug: ${slug}\nvisibilitySettings:\n  show:\n    ${rule}`);
      await writeFile(
        path.join(content, locale, 'promotions/03-expired.md'),
        variant('expired-offer', 'date: 01.01.2020-31.01.2020'),
      );
      await writeFile(
        path.join(content, locale, 'promotions/04-vip.md'),
        variant('vip-only', 'group: [vip]'),
      );
      const listing = path.join(content, locale, 'promotionsCollection/promotions.yaml');
      await writeFile(
        listing,
        `${await readFile(listing, 'utf8')}  - slug: expired-offer\n  - slug: vip-only\n`,
      );
    }
    product = await startProduct({ env: { CONTENT_DIR: content } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('leaves out a promotion whose date rule has passed and one shown only to a group', async () => {
    const html = await (await fetch(`${product.url}/promotions`)).text();
    expect(html).toContain('data-promotion="welcome-package"');
    expect(html).not.toContain('data-promotion="expired-offer"');
    expect(html).not.toContain('data-promotion="vip-only"');
    expect(await statusOf(`${product.url}/promotions/expired-offer`)).toBe(404);
    expect(await statusOf(`${product.url}/el/promotions/vip-only`)).toBe(404);
  });

  it('shows the field messages of spec §5, then stores a valid message', async () => {
    const page = await browser.newPage();
    await visit(page, `${product.url}/el/support`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    await page.locator('#name-problem').waitFor();
    expect(await page.locator('#name-problem').textContent()).toBe('Το πεδίο είναι υποχρεωτικό');
    await page.getByLabel('Διεύθυνση email').fill('not-an-email');
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    await page.waitForFunction(
      () => document.querySelector('#email-problem')?.textContent === 'Πρέπει να είναι έγκυρο email',
    );

    await page.getByLabel('Το όνομά σας').fill('Νίκος Παππάς');
    await page.getByLabel('Διεύθυνση email').fill('nikos@example.gr');
    await page.getByLabel('Θέμα').fill('Ανάληψη');
    await page.getByLabel('Μήνυμα').fill('Πότε θα φτάσει η ανάληψή μου;');
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    await page.getByRole('status').waitFor();
    await page.close();

    expect(await product.stop()).toBe(0);
    const database = await PGlite.create(`${product.dataDir}/pglite`);
    const rows = await database.query<{ name: string; email: string; locale: string }>(
      'select name, email, locale from contact_messages',
    );
    await database.close();
    expect(rows.rows).toEqual([{ name: 'Νίκος Παππάς', email: 'nikos@example.gr', locale: 'el' }]);
  });

  it('shows the group-only promotion to a player in that group', async () => {
    const signedUp = await startProduct({ dataDir: product.dataDir, env: { CONTENT_DIR: content } });
    const response = await fetch(`${signedUp.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: {
          email: 'vip@example.gr',
          password: 'a long vip password',
          terms_acceptance: true,
          age_acceptance: true,
        },
      }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const before = await (await fetch(`${signedUp.url}/promotions`, { headers: { cookie } })).text();
    expect(before).not.toContain('data-promotion="vip-only"');
    expect(await signedUp.stop()).toBe(0);

    // An operator puts the player in the VIP group (the back office will do this through its API).
    const database = await PGlite.create(`${product.dataDir}/pglite`);
    await database.query(`insert into player_groups (player_id, "group") values ($1, 'vip')`, [id]);
    await database.close();

    const again = await startProduct({ dataDir: product.dataDir, env: { CONTENT_DIR: content } });
    const listing = await (await fetch(`${again.url}/promotions`, { headers: { cookie } })).text();
    expect(listing).toContain('data-promotion="vip-only"');
    expect(listing).not.toContain('data-promotion="expired-offer"');
    expect(await statusOf(`${again.url}/promotions/vip-only`, { headers: { cookie } })).toBe(200);
    expect(await statusOf(`${again.url}/promotions/vip-only`)).toBe(404);
    expect(await again.stop()).toBe(0);
  });
});
