import { playerApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { appStoreUrl } from './configurations.ts';
import { apiOf } from './harness/api.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/*
 * The seven named modals of spec §2 that used to say "This window opens soon" (issue 31 item 15), each
 * opened by its hash in English and Greek: what it says and what its main action does. The modals that
 * depend on the player's own profile or deposits are opened by two players whose state differs, each
 * seeing their own.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const words = {
  en: {
    thankYou: 'Thank you for playing with Chrysos Casino',
    backToGames: 'Back to the games',
    duplicate: 'The details you entered match an account that is already registered with us.',
    contactSupport: 'Contact support',
    rate: 'Rate us on the App Store',
    notNow: 'Not now',
    shareLead: 'Know someone who would enjoy',
    share: 'Share the app',
    copy: 'Copy the link',
    copied: 'The link is copied — paste it in a message.',
    confirm: 'Yes, these are correct',
    confirmed: 'Thank you — your details are confirmed.',
    missing: 'Not given',
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    address: 'Street address',
    city: 'City',
    postalCode: 'Postal code',
    saveAndDeposit: 'Save and continue to deposit',
    complete: 'Your profile is complete.',
    continueToDeposit: 'Continue to deposit',
    required: 'Field is required',
    welcomeTitle: 'Welcome package — 100% up to €500 and 100 free spins',
    expiring: 'Your welcome package is still waiting for you, but only for your first deposit.',
    lost: 'Your welcome package is no longer available',
    claim: 'Deposit and claim it',
    promotions: 'See current promotions',
  },
  el: {
    thankYou: 'Ευχαριστούμε που παίζετε στο Chrysos Casino',
    backToGames: 'Πίσω στα παιχνίδια',
    duplicate: 'Τα στοιχεία που δώσατε ταιριάζουν με λογαριασμό που είναι ήδη καταχωρισμένος σε εμάς.',
    contactSupport: 'Επικοινωνία με την υποστήριξη',
    rate: 'Βαθμολογήστε μας στο App Store',
    notNow: 'Όχι τώρα',
    shareLead: 'Ξέρετε κάποιον που θα απολάμβανε',
    share: 'Κοινοποίηση της εφαρμογής',
    copy: 'Αντιγραφή συνδέσμου',
    copied: 'Ο σύνδεσμος αντιγράφηκε — επικολλήστε τον σε ένα μήνυμα.',
    confirm: 'Ναι, είναι σωστά',
    confirmed: 'Ευχαριστούμε — τα στοιχεία σας επιβεβαιώθηκαν.',
    missing: 'Δεν έχει δοθεί',
    firstName: 'Όνομα',
    lastName: 'Επώνυμο',
    dateOfBirth: 'Ημερομηνία γέννησης',
    address: 'Οδός και αριθμός',
    city: 'Πόλη',
    postalCode: 'Ταχυδρομικός κώδικας',
    saveAndDeposit: 'Αποθήκευση και συνέχεια στην κατάθεση',
    complete: 'Το προφίλ σας είναι πλήρες.',
    continueToDeposit: 'Συνέχεια στην κατάθεση',
    required: 'Το πεδίο είναι υποχρεωτικό',
    welcomeTitle: 'Πακέτο καλωσορίσματος — 100% έως €500 και 100 δωρεάν περιστροφές',
    expiring: 'Το πακέτο καλωσορίσματος σας περιμένει ακόμη, αλλά μόνο για την πρώτη σας κατάθεση.',
    lost: 'Το πακέτο καλωσορίσματος δεν είναι πλέον διαθέσιμο',
    claim: 'Καταθέστε και διεκδικήστε το',
    promotions: 'Δείτε τις τρέχουσες προσφορές',
  },
} as const;

const passphrase = 'a named-modal passphrase';
const modal = (page: Page, name: string) => page.locator(`[data-modal="${name}"]`);

/** Opens `path#name` and waits for the modal's body (fetched when it first opens) to be on screen. */
async function openByHash(page: Page, path: string, name: string) {
  await visit(page, `${product.url}${path}#${name}`);
  await modal(page, name).locator('.modal__body:not(.modal__loading)').waitFor();
}

/** A signed-in browser context for a new player (with a country, so CompleteRegistration stays shut). */
async function signedIn(locale: Locale, label: string): Promise<{ context: BrowserContext; page: Page }> {
  const email = uniqueAddress(`${label}-${locale}`);
  await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, email, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)('the named modals (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const home = `${text.prefix}/`;

  it('ThankYou thanks the player and leads back to the games', async () => {
    const page = await browser.newPage();
    await openByHash(page, home, 'ThankYou');
    await modal(page, 'ThankYou').getByRole('heading', { name: word.thankYou }).waitFor();
    await modal(page, 'ThankYou').getByRole('link', { name: word.backToGames }).click();
    await page.waitForURL(`${product.url}${text.prefix}/games/all`);
    await modal(page, 'ThankYou').waitFor({ state: 'detached' });
    await page.close();
  });

  it('DuplicateUserInfo says the details are taken and leads to support', async () => {
    const page = await browser.newPage();
    await openByHash(page, home, 'DuplicateUserInfo');
    await modal(page, 'DuplicateUserInfo').getByRole('heading', { name: word.duplicate }).waitFor();
    await modal(page, 'DuplicateUserInfo').getByRole('link', { name: word.contactSupport }).click();
    await page.waitForURL(`${product.url}${text.prefix}/support`);
    await page.close();
  });

  it('IosAppReviews links to the App Store page, and "Not now" dismisses it', async () => {
    const page = await browser.newPage();
    await openByHash(page, home, 'IosAppReviews');
    const rate = modal(page, 'IosAppReviews').getByRole('link', { name: word.rate });
    expect(await rate.getAttribute('href')).toBe(appStoreUrl);
    await modal(page, 'IosAppReviews').getByRole('button', { name: word.notNow }).click();
    await modal(page, 'IosAppReviews').waitFor({ state: 'detached' });
    await page.close();
  });

  it('IosAppShare shares the app page through the share sheet, or copies its link without one', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const page = await context.newPage();
    await openByHash(page, home, 'IosAppShare');
    await modal(page, 'IosAppShare').getByText(word.shareLead).waitFor();
    await modal(page, 'IosAppShare').getByRole('button', { name: word.share }).click();
    await page.waitForFunction(() => (window as unknown as { __shared: unknown[] }).__shared.length === 1);
    const [shared] = await page.evaluate(
      () => (window as unknown as { __shared: { url: string }[] }).__shared,
    );
    expect(shared?.url).toBe(`${product.url}${text.prefix}/mobile-app`);
    await context.close();

    // A browser without the Web Share API: the link goes to the clipboard.
    const plain = await browser.newContext();
    await plain.addInitScript(() => {
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, 'share', { value: undefined });
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: (value: string) => Promise.resolve(void copied.push(value)) },
      });
    });
    const second = await plain.newPage();
    await openByHash(second, home, 'IosAppShare');
    await modal(second, 'IosAppShare').getByRole('button', { name: word.copy }).click();
    await modal(second, 'IosAppShare').getByText(word.copied).waitFor();
    expect(await second.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
      `${product.url}${text.prefix}/mobile-app`,
    ]);
    await plain.close();
  });

  it('ConfirmProfile shows each player their own stored details to confirm', async () => {
    const filled = await signedIn(locale, 'confirm-filled');
    const update = await apiOf(filled.context, product.url, { 'user-agent': browserAgent })(
      playerApi.update,
      {
        body: {
          context: 'profile',
          player: {
            first_name: 'Eleni',
            last_name: 'Papadopoulou',
            date_of_birth: '24.03.1990',
            address: 'Ermou 12',
            city: 'Athens',
            postal_code: '10563',
          },
        },
      },
    );
    expect(update.status).toBe(200);
    const empty = await signedIn(locale, 'confirm-empty');

    await openByHash(filled.page, home, 'ConfirmProfile');
    const details = modal(filled.page, 'ConfirmProfile');
    expect(await details.locator('[data-detail="name"]').textContent()).toBe('Eleni Papadopoulou');
    expect(await details.locator('[data-detail="date_of_birth"]').textContent()).toBe('24.03.1990');
    expect(await details.locator('[data-detail="address"]').textContent()).toBe('Ermou 12, 10563 Athens, GR');
    await details.getByRole('button', { name: word.confirm }).click();
    await details.getByText(word.confirmed).waitFor();

    await openByHash(empty.page, home, 'ConfirmProfile');
    const none = modal(empty.page, 'ConfirmProfile');
    expect(await none.locator('[data-detail="name"]').textContent()).toBe(word.missing);
    expect(await none.locator('[data-detail="address"]').textContent()).toBe('GR');
    await Promise.all([filled.context.close(), empty.context.close()]);
  });

  it('FillProfileAuth asks only for what is missing, saves it and goes on to the deposit', async () => {
    const { context, page } = await signedIn(locale, 'fill-profile');
    await openByHash(page, home, 'FillProfileAuth');
    const form = modal(page, 'FillProfileAuth');
    await form.getByRole('button', { name: word.saveAndDeposit }).click();
    await form.locator('#fill-profile-first_name-problem').waitFor();
    expect(await form.locator('#fill-profile-first_name-problem').textContent()).toBe(word.required);

    await form.getByLabel(word.firstName, { exact: true }).fill('Nikos');
    await form.getByLabel(word.lastName, { exact: true }).fill('Pappas');
    await form.getByLabel(word.dateOfBirth, { exact: true }).fill('02.11.1985');
    await form.getByLabel(word.address, { exact: true }).fill('Tsimiski 40');
    await form.getByLabel(word.city, { exact: true }).fill('Thessaloniki');
    await form.getByLabel(word.postalCode, { exact: true }).fill('54623');
    await form.getByRole('button', { name: word.saveAndDeposit }).click();
    await modal(page, 'CashierAuth').waitFor();
    await form.waitFor({ state: 'detached' });

    const player = await apiOf(context, product.url, { 'user-agent': browserAgent })(playerApi.player, {});
    expect(player.ok && player.body).toMatchObject({
      first_name: 'Nikos',
      last_name: 'Pappas',
      date_of_birth: '02.11.1985',
      address: 'Tsimiski 40',
      city: 'Thessaloniki',
      postal_code: '54623',
    });

    // Now complete, the same player (on a page opened afresh) is asked nothing and goes straight on.
    const again = await context.newPage();
    await openByHash(again, home, 'FillProfileAuth');
    const complete = modal(again, 'FillProfileAuth');
    await complete.getByText(word.complete).waitFor();
    expect(await complete.locator('input').count()).toBe(0);
    await complete.getByRole('button', { name: word.continueToDeposit }).click();
    await modal(again, 'CashierAuth').waitFor();
    await context.close();
  });

  it('WelcomePackLooseAuth: still to claim before a first deposit, gone after one without it', async () => {
    const fresh = await signedIn(locale, 'welcome-fresh');
    await openByHash(fresh.page, home, 'WelcomePackLooseAuth');
    const pack = modal(fresh.page, 'WelcomePackLooseAuth');
    await pack.getByRole('heading', { name: word.welcomeTitle, exact: true }).waitFor();
    await pack.getByText(word.expiring).waitFor();
    await pack.getByRole('button', { name: word.claim }).click();
    await modal(fresh.page, 'CashierAuth').waitFor();

    const spent = await signedIn(locale, 'welcome-spent');
    await depositWithoutBonus(spent.context, 25);
    await openByHash(spent.page, home, 'WelcomePackLooseAuth');
    const gone = modal(spent.page, 'WelcomePackLooseAuth');
    await gone.getByText(word.lost).waitFor();
    await gone.getByRole('link', { name: word.promotions }).click();
    await spent.page.waitForURL(`${product.url}${text.prefix}/promotions`);
    await Promise.all([fresh.context.close(), spent.context.close()]);
  });
});

/** A first deposit without a bonus code, paid on the sandbox card page and credited by its webhook. */
async function depositWithoutBonus(context: BrowserContext, units: number) {
  const started = await context.request.post(`${product.url}/api/payments/deposits`, {
    headers: { 'user-agent': browserAgent },
    data: { currency: 'EUR', amount_cents: units * 100, method: 'card' },
  });
  expect(started.status()).toBe(201);
  const { redirect_url: pay } = (await started.json()) as { redirect_url: string };
  const paid = await fetch(new URL(pay, product.url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': browserAgent },
    body: new URLSearchParams({
      number: '4242 4242 4242 4242',
      expiry: '12/39',
      cvc: '123',
      name: 'Test Player',
      action: 'pay',
    }),
  });
  expect(paid.status).toBeLessThan(400);
  await expect
    .poll(async () => {
      const payments = await context.request.get(`${product.url}/api/player/payments`, {
        headers: { 'user-agent': browserAgent },
      });
      return ((await payments.json()) as { status: string }[]).some(
        (payment) => payment.status === 'succeeded',
      );
    })
    .toBe(true);
}
