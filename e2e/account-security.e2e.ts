import { playerApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { copy } from './harness/copy.ts';
import {
  browserAgent,
  canSignIn,
  createPlayer,
  signInContext,
  signInOnPage,
  signOutFromHeader,
  uniqueAddress,
} from './harness/players.ts';
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

/**
 * /profile/general and its security tab read the player in their loaders and submit to their route
 * actions (issue 35): the forms arrive filled in the server's HTML, work without JavaScript as plain
 * forms and with it without a reload, and a form posted by another site with the player's cookie is
 * refused like an API call.
 */
describe('the profile forms, through their pages', () => {
  const passphrase = 'a sturdy passphrase';
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  /** A new player signed in to a browser context of their own, with or without JavaScript. */
  async function player(label: string, language: 'en' | 'el', javaScriptEnabled: boolean) {
    const email = uniqueAddress(`profile-${label}`);
    await createPlayer(baseUrl, { email, password: passphrase, language });
    const context = await browser.newContext({
      javaScriptEnabled,
      extraHTTPHeaders: { 'user-agent': browserAgent },
    });
    contexts.push(context);
    await signInContext(context, baseUrl, email, passphrase);
    const details = async () => {
      const answer = await apiOf(context, baseUrl)(playerApi.player, {});
      if (!answer.ok) throw new Error(`GET /player failed (${answer.status})`);
      return answer.body;
    };
    return { email, context, page: await context.newPage(), details };
  }

  const inputValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();

  it('fills the form in the server’s HTML and saves it without JavaScript, each player their own', async () => {
    const eleni = await player('eleni', 'en', false);
    const nikos = await player('nikos', 'el', false);

    // Eleni saves her details as a plain form: the page that comes back says so, with the date tidied.
    await eleni.page.goto(`${baseUrl}/profile/general`);
    expect(await inputValue(eleni.page, 'First name')).toBe('');
    await eleni.page.getByLabel('First name', { exact: true }).fill('Eleni');
    await eleni.page.getByLabel('City', { exact: true }).fill('Thessaloniki');
    await eleni.page.getByLabel('Date of birth', { exact: true }).fill('24031990');
    await eleni.page.getByRole('button', { name: 'Save changes' }).click();
    await eleni.page.getByRole('status').filter({ hasText: 'Your details have been saved.' }).waitFor();
    expect(await inputValue(eleni.page, 'Date of birth')).toBe('24.03.1990');

    // Nikos does the same on the Greek site, and reads the Greek notice.
    await nikos.page.goto(`${baseUrl}/el/profile/general`);
    await nikos.page.getByLabel('Όνομα', { exact: true }).fill('Νίκος');
    await nikos.page.getByLabel('Πόλη', { exact: true }).fill('Πάτρα');
    await nikos.page.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await nikos.page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας αποθηκεύτηκαν.' }).waitFor();

    // Opened afresh, each page's HTML carries its own player's details and none of the other's.
    await eleni.page.goto(`${baseUrl}/profile/general`);
    expect(await inputValue(eleni.page, 'First name')).toBe('Eleni');
    expect(await inputValue(eleni.page, 'City')).toBe('Thessaloniki');
    expect(await eleni.page.content()).not.toContain('Νίκος');
    await nikos.page.goto(`${baseUrl}/el/profile/general`);
    expect(await inputValue(nikos.page, 'Όνομα')).toBe('Νίκος');
    expect(await inputValue(nikos.page, 'Πόλη')).toBe('Πάτρα');
    expect(await nikos.page.content()).not.toContain('Eleni');
    expect(await eleni.details()).toMatchObject({ first_name: 'Eleni', city: 'Thessaloniki' });
    expect(await nikos.details()).toMatchObject({ first_name: 'Νίκος', city: 'Πάτρα' });

    // A detail the rules refuse comes back beside its field, in Greek, with what was typed kept.
    await nikos.page.getByLabel('Όνομα', { exact: true }).fill('محمد');
    await nikos.page.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await nikos.page
      .locator('#profile-first_name-problem')
      .filter({ hasText: 'Συμπληρώστε με λατινικούς χαρακτήρες' })
      .waitFor();
    expect(await inputValue(nikos.page, 'Όνομα')).toBe('محمد');
    expect(await nikos.details()).toMatchObject({ first_name: 'Νίκος' });
  });

  it('saves the details with JavaScript through the route, without reloading the page', async () => {
    const maria = await player('maria', 'el', true);
    await visit(maria.page, `${baseUrl}/el/profile/general`);
    await maria.page.evaluate(() => Object.assign(window, { samePage: true }));
    await maria.page.getByLabel('Όνομα', { exact: true }).fill('Μαρία');
    const submitted = maria.page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname === '/el/profile/general.data',
    );
    await maria.page.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    await submitted;
    await maria.page.getByRole('status').filter({ hasText: 'Τα στοιχεία σας αποθηκεύτηκαν.' }).waitFor();
    expect(await maria.page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(await maria.details()).toMatchObject({ first_name: 'Μαρία' });
  });

  it('changes the password through the security tab, in English without JavaScript and in Greek with it', async () => {
    const plain = await player('password-plain', 'en', false);
    await plain.page.goto(`${baseUrl}/profile/general/security`);
    await plain.page.getByLabel('Current password', { exact: true }).fill('not the passphrase');
    await plain.page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await plain.page.getByLabel('Confirm password', { exact: true }).fill('a brand new passphrase');
    await plain.page.getByRole('button', { name: 'Change password' }).click();
    await plain.page.getByText('This is not your current password.', { exact: true }).waitFor();
    await plain.page.getByLabel('Current password', { exact: true }).fill(passphrase);
    await plain.page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await plain.page.getByLabel('Confirm password', { exact: true }).fill('a brand new passphrase');
    await plain.page.getByRole('button', { name: 'Change password' }).click();
    await plain.page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    expect(await canSignIn(baseUrl, plain.email, 'a brand new passphrase')).toBe(true);

    const greek = await player('password-greek', 'el', true);
    await visit(greek.page, `${baseUrl}/el/profile/general/security`);
    await greek.page.getByLabel('Τρέχων κωδικός', { exact: true }).fill(passphrase);
    await greek.page.getByLabel('Νέος κωδικός', { exact: true }).fill('ένας νέος κωδικός');
    await greek.page.getByLabel('Επιβεβαίωση κωδικού', { exact: true }).fill('ένας νέος κωδικός');
    await greek.page.getByRole('button', { name: 'Αλλαγή κωδικού' }).click();
    await greek.page.getByRole('status').filter({ hasText: 'Ο κωδικός σας άλλαξε.' }).waitFor();
    expect(await canSignIn(baseUrl, greek.email, 'ένας νέος κωδικός')).toBe(true);
    expect(await canSignIn(baseUrl, greek.email, passphrase)).toBe(false);
  });

  it('refuses a form another site posts with the player’s cookie, and changes nothing', async () => {
    const target = await player('csrf', 'en', false);
    const session = (await target.context.cookies(baseUrl)).find(
      (cookie) => cookie.name === 'chrysos_session',
    );
    expect(session).toBeDefined();
    const post = (path: string, origin: string, body: Record<string, string>) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: `chrysos_session=${session?.value}`,
          origin,
          'user-agent': browserAgent,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(body),
      });
    const evil = 'https://casino-prizes.example';
    const forged = { first_name: 'Forged', current_password: passphrase, password: 'x'.repeat(12) };
    for (const path of ['/profile/general', '/el/profile/general.data', '/profile/general/security']) {
      expect(
        (await post(path, evil, { ...forged, password_confirmation: 'x'.repeat(12) })).status,
        path,
      ).toBe(403);
    }
    expect(await target.details()).toMatchObject({ first_name: null });
    expect(await canSignIn(baseUrl, target.email, passphrase)).toBe(true);

    // The same form from the site's own page is taken.
    expect((await post('/profile/general', new URL(baseUrl).origin, { first_name: 'Own' })).status).toBe(200);
    expect(await target.details()).toMatchObject({ first_name: 'Own' });
  });
});
