import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy } from './harness/copy.ts';
import { createPlayer, signInOnPage, signOutFromHeader, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');
const text = copy.en;

/** Markup a player might type into their details; shown back, it must stay text. */
const hostile = {
  first_name: '<img src=x onerror=alert(1)>',
  last_name: '</script><script>alert(2)</script>',
  city: '"><svg onload=alert(3)>',
};

describe('account security in the browser', () => {
  const address = uniqueAddress('careful');
  const passphrase = 'a sturdy passphrase';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Every alert, confirm or prompt the page opened: injected script would show up here. */
  const dialogs: string[] = [];
  beforeAll(async () => {
    await createPlayer(baseUrl, { email: address, password: passphrase, language: 'en' });
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
    await signInOnPage(page, baseUrl, text, address, passphrase);
  });
  afterAll(() => browser?.close());

  it('keeps the session in an HttpOnly, SameSite=Lax cookie that page scripts cannot read', async () => {
    const cookies = await context.cookies(baseUrl);
    const session = cookies.find((cookie) => cookie.name === 'chrysos_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Thirty days, as the server says.
    const days = ((session?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(await page.evaluate(() => document.cookie)).not.toContain('chrysos_session');
  });

  it('shows markup typed into the profile as text and never runs it', async () => {
    await visit(page, `${baseUrl}/profile/general`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('First name', { exact: true }).fill(hostile.first_name);
    await page.getByLabel('Last name', { exact: true }).fill(hostile.last_name);
    await page.getByLabel('City', { exact: true }).fill(hostile.city);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Your details have been saved.' }).waitFor();

    // A fresh load renders the stored details on the server, escaped both in the form's values and in
    // the page data for hydration (a raw </script> there would end the script early).
    const response = await page.reload();
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(hostile.first_name);
    expect(html).not.toContain(hostile.last_name);
    expect(html).not.toContain(hostile.city);
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe(hostile.first_name);
    expect(await page.getByLabel('Last name', { exact: true }).inputValue()).toBe(hostile.last_name);
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe(hostile.city);

    // Signed out here, the player is greeted by the first name they gave: as text.
    await signOutFromHeader(page, text);
    const greeting = page.locator('.welcome-back__title');
    await greeting.waitFor();
    expect(await greeting.textContent()).toBe(`Welcome back, ${hostile.first_name}!`);
    expect(await greeting.locator('img').count()).toBe(0);

    // No element of the page carries an event handler attribute, so nothing injected can run later;
    // and nothing injected ran so far.
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter((attribute) => attribute.name.startsWith('on')).map((a) => a.name),
      ),
    );
    expect(handlers).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
