import { exclusionsApi } from '@chrysos/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, live, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { productClock } from './harness/clock.ts';
import { copy, locales } from './harness/copy.ts';
import { accountButton, canSignIn, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * Time-outs and self-exclusion in the browser (issue 17): from the responsible-gaming page a player
 * takes a 24-hour break after a confirmation that says what happens, is signed out onto a page saying
 * until when, and the sign-in form refuses them with that end; a self-exclusion for six months does
 * the same. (That no promotional push is queued is asserted on the server: compliance/exclusions.test.ts.)
 * When a break's 24 hours are over on the product clock (TEST_CLOCK), the player signs in again, but
 * real-money play stays closed until they lift it: asked, refused during the 24-hour cooling-off, and
 * lifted after it. In English and in Greek.
 */

let product: SharedProduct;
let browser: Browser;
/** The shared product's clock: other specs may have moved it on, so times are read from it. */
let clock: ReturnType<typeof productClock>;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('clock'), launchBrowser()]);
  clock = productClock(product.url);
});
afterAll(async () => {
  await Promise.all([browser?.close(), product?.giveBack()]);
});

const passphrase = 'a sturdy passphrase';

/** What the player reads, written out so a spec fails when the words change. */
const words = {
  en: {
    breakPeriod: '24 hours',
    takeBreak: 'Take a break',
    confirmBreakTitle: 'Take a break for 24 hours?',
    confirmBreak: 'Yes, take the break',
    panic: 'Take a 24-hour break',
    signedOutUntil: 'You are signed out on every device now and cannot sign in until',
    bonusEffect: 'A bonus you have running is forfeited',
    onBreakPage: 'You are taking a break until',
    selfExcludedPage: 'You have excluded yourself until',
    refused: 'You asked us to keep your account closed until',
    excludePeriod: '6 months',
    exclude: 'Exclude myself',
    confirmExcludeTitle: 'Exclude yourself for 6 months?',
    confirmExclude: 'Yes, exclude me',
    month: (date: Date) => date.toLocaleString('en-GB', { month: 'short' }),
    ended: 'Ended, not lifted',
    liftAsk: 'Lift it',
    liftAsked: 'Lifting asked for. After 24 hours, confirm here to play again.',
    coolingOff: (at: string) => `Lifting: confirm from ${at}`,
    liftConfirm: 'Confirm lifting it',
    tooSoon: (until: string) => `The 24-hour cooling-off runs until ${until}. Confirm after that to lift it.`,
    lifted: 'Lifted. Welcome back: play responsibly.',
    liftedState: 'Lifted',
  },
  el: {
    breakPeriod: '24 ώρες',
    takeBreak: 'Κάντε διάλειμμα',
    confirmBreakTitle: 'Διάλειμμα για 24 ώρες;',
    confirmBreak: 'Ναι, κάνω διάλειμμα',
    panic: 'Διάλειμμα 24 ωρών',
    signedOutUntil: 'Αποσυνδέεστε αμέσως από όλες τις συσκευές και δεν μπορείτε να συνδεθείτε έως',
    bonusEffect: 'Ένα μπόνους σε εξέλιξη χάνεται',
    onBreakPage: 'Κάνετε διάλειμμα έως',
    selfExcludedPage: 'Έχετε αποκλείσει τον εαυτό σας έως',
    refused: 'Ζητήσατε να μείνει ο λογαριασμός σας κλειστός έως',
    excludePeriod: '6 μήνες',
    exclude: 'Αποκλείστε με',
    confirmExcludeTitle: 'Αυτοαποκλεισμός για 6 μήνες;',
    confirmExclude: 'Ναι, αποκλείστε με',
    month: (date: Date) => date.toLocaleString('el-GR', { month: 'short' }),
    ended: 'Έληξε, χωρίς άρση',
    liftAsk: 'Άρση',
    liftAsked: 'Ζητήσατε την άρση. Μετά από 24 ώρες, επιβεβαιώστε εδώ για να παίξετε ξανά.',
    coolingOff: (at: string) => `Άρση: επιβεβαίωση από ${at}`,
    liftConfirm: 'Επιβεβαίωση άρσης',
    tooSoon: (until: string) =>
      `Η περίοδος αναμονής 24 ωρών διαρκεί έως ${until}. Επιβεβαιώστε μετά από αυτό για να αρθεί.`,
    lifted: 'Άρθηκε. Καλώς ήρθατε πίσω: παίξτε υπεύθυνα.',
    liftedState: 'Άρθηκε',
  },
} as const;

describe.each(locales)('breaks and self-exclusion (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];

  async function signedInPlayer(label: string): Promise<{ page: Page; email: string }> {
    const email = uniqueAddress(label);
    await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
    const context = await browser.newContext();
    await signInContext(context, product.url, email, passphrase);
    const page = await context.newPage();
    await visit(page, `${product.url}${text.prefix}/profile/limits`);
    await page.waitForLoadState('networkidle');
    return { page, email };
  }

  /** The sign-in form, filled and sent; the refusal is said as the form's message. */
  async function trySignIn(page: Page, email: string) {
    await visit(page, `${product.url}${text.prefix}/users/sign_in`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill(passphrase);
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
  }

  it('takes a 24-hour break: signed out, told until when, and sign-in refused with the end time', async () => {
    const { page, email } = await signedInPlayer('break');
    const form = page.locator('[data-exclusion-kind="timeout"]');
    await form.getByLabel(word.breakPeriod, { exact: true }).check();
    await form.getByRole('button', { name: word.takeBreak, exact: true }).click();
    const confirmation = form.locator('[data-exclusion-confirm]');
    await confirmation.getByText(word.confirmBreakTitle).waitFor();
    expect(await confirmation.textContent()).toContain(word.signedOutUntil);
    expect(await confirmation.textContent()).toContain(word.bonusEffect);
    await confirmation.getByRole('button', { name: word.confirmBreak }).click();

    await page.waitForURL(/\/users\/sign_in\?excluded=/);
    await page.getByText(word.onBreakPage).first().waitFor();
    expect(await accountButton(page, text).count()).toBe(0);
    const end = new Date(decodeURIComponent(new URL(page.url()).searchParams.get('excluded') ?? ''));
    const hoursAhead = (end.getTime() - (await clock.now())) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(23.9);
    expect(hoursAhead).toBeLessThanOrEqual(24);

    await trySignIn(page, email);
    const refusal = page.getByText(word.refused);
    await refusal.waitFor();
    const said = await refusal.textContent();
    expect(said).toContain(String(end.getDate()));
    expect(said).toContain(word.month(end));
    expect(await accountButton(page, text).count()).toBe(0);
    expect(await canSignIn(product.url, email, passphrase)).toBe(false);
    await page.context().close();
  });

  it('takes the break from the account menu in one confirmation, for that player alone', async () => {
    const { page, email } = await signedInPlayer('panic');
    const other = await signedInPlayer('panic-other');
    await visit(page, `${product.url}${text.prefix}/`);
    const account = accountButton(page, text);
    await live(account);
    await account.click();
    await page.getByRole('link', { name: word.panic, exact: true }).click();
    // The break form, on 24 hours, already asking to confirm.
    const confirmation = page.locator('[data-exclusion-kind="timeout"] [data-exclusion-confirm]');
    await confirmation.getByText(word.confirmBreakTitle).waitFor();
    await confirmation.getByRole('button', { name: word.confirmBreak }).click();
    await page.waitForURL(/\/users\/sign_in\?excluded=/);
    expect(await canSignIn(product.url, email, passphrase)).toBe(false);

    // The other player plays on: still signed in, and may sign in anew.
    await visit(other.page, `${product.url}${text.prefix}/profile/limits`);
    await accountButton(other.page, text).waitFor();
    expect(await canSignIn(product.url, other.email, passphrase)).toBe(true);
    await Promise.all([page.context().close(), other.page.context().close()]);
  });

  it('after the break ends on the product clock: signs in, play closed until lifted, lifted only after the cooling-off', async () => {
    const email = uniqueAddress('break-over');
    await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
    const before = await browser.newContext();
    await signInContext(before, product.url, email, passphrase);
    const taken = await apiOf(before, product.url)(exclusionsApi.take, {
      body: { kind: 'timeout', period: '24h' },
    });
    await before.close();
    if (!taken.ok || !taken.body.ends_at) throw new Error(`no break: ${JSON.stringify(taken.body)}`);
    const ends = Date.parse(taken.body.ends_at);
    expect(await canSignIn(product.url, email, passphrase)).toBe(false);

    // A minute after its 24 hours, the player signs in again.
    await clock.moveTo(new Date(ends + 60_000));
    const context = await browser.newContext();
    try {
      await signInContext(context, product.url, email, passphrase);
      const realMoney = () =>
        context.request.get(
          `${product.url}/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=${locale}`,
        );
      expect((await realMoney()).status()).toBe(403);

      const page = await context.newPage();
      await visit(page, `${product.url}${text.prefix}/profile/limits`);
      const item = page.locator(`[data-exclusion="${taken.body.id}"]`);
      const message = page.locator('[data-exclusions] [aria-live] .notice');
      await item.getByText(word.ended, { exact: true }).waitFor();
      await item.getByRole('button', { name: word.liftAsk, exact: true }).click();
      await message.getByText(word.liftAsked, { exact: true }).waitFor();

      const listed = await apiOf(context, product.url)(exclusionsApi.list, {});
      const asked = listed.ok ? listed.body.find((exclusion) => exclusion.id === taken.body.id) : undefined;
      if (!asked?.liftable_at) throw new Error(`no cooling-off: ${JSON.stringify(listed.body)}`);
      const liftable = Date.parse(asked.liftable_at);
      expect(liftable - (await clock.now())).toBeGreaterThan(24 * 3_600_000 - 60_000);
      const shown = await page.evaluate(
        ([iso, language]) =>
          new Intl.DateTimeFormat(language === 'el' ? 'el-GR' : 'en-GB', {
            dateStyle: 'medium',
            timeStyle: 'short',
            hourCycle: 'h23',
          }).format(new Date(iso)),
        [asked.liftable_at, locale] as const,
      );
      await item.getByText(word.coolingOff(shown), { exact: true }).waitFor();
      // Confirmed too soon: refused with the end of the cooling-off.
      await item.getByRole('button', { name: word.liftConfirm, exact: true }).click();
      await message.getByText(word.tooSoon(shown), { exact: true }).waitFor();
      expect((await realMoney()).status()).toBe(403);

      // A minute after the cooling-off, the confirmation lifts it and play opens again.
      await clock.moveTo(new Date(liftable + 60_000));
      await item.getByRole('button', { name: word.liftConfirm, exact: true }).click();
      await message.getByText(word.lifted, { exact: true }).waitFor();
      await item.getByText(word.liftedState, { exact: true }).waitFor();
      expect((await realMoney()).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it('self-excludes for six months: signed out, and sign-in refused with the end time', async () => {
    const { page, email } = await signedInPlayer('exclude');
    const form = page.locator('[data-exclusion-kind="self_exclusion"]');
    await form.getByLabel(word.excludePeriod, { exact: true }).check();
    await form.getByRole('button', { name: word.exclude, exact: true }).click();
    const confirmation = form.locator('[data-exclusion-confirm]');
    await confirmation.getByText(word.confirmExcludeTitle).waitFor();
    await confirmation.getByRole('button', { name: word.confirmExclude }).click();

    await page.waitForURL(/\/users\/sign_in\?excluded=/);
    await page.getByText(word.selfExcludedPage).first().waitFor();
    const end = new Date(decodeURIComponent(new URL(page.url()).searchParams.get('excluded') ?? ''));
    const daysAhead = (end.getTime() - (await clock.now())) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(180);
    expect(daysAhead).toBeLessThan(185);

    await trySignIn(page, email);
    const refusal = page.getByText(word.refused);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(String(end.getFullYear()));
    expect(await canSignIn(product.url, email, passphrase)).toBe(false);
    await page.context().close();
  });
});

describe('breaks and self-exclusion without JavaScript', () => {
  /** A signed-in player's responsible-gaming page as a browser without JavaScript shows it. */
  async function barePage(label: string, locale: 'en' | 'el') {
    const email = uniqueAddress(label);
    await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInContext(context, product.url, email, passphrase);
    const page = await context.newPage();
    await page.goto(`${product.url}${copy[locale].prefix}/profile/limits`);
    return { page, email };
  }

  it('asks to confirm, then signs the one player out; the other declines and plays on', async () => {
    const [english, greek] = await Promise.all([barePage('bare-break', 'en'), barePage('bare-keep', 'el')]);
    const en = words.en;
    const breakForm = english.page.locator('[data-exclusion-kind="timeout"]');
    await breakForm.getByLabel(en.breakPeriod, { exact: true }).check();
    await breakForm.getByRole('button', { name: en.takeBreak, exact: true }).click();
    // The server's page now asks, saying what happens.
    const confirmation = english.page.locator('[data-exclusion-kind="timeout"] [data-exclusion-confirm]');
    await confirmation.getByText(en.confirmBreakTitle).waitFor();
    expect(await confirmation.textContent()).toContain(en.signedOutUntil);
    expect(await canSignIn(product.url, english.email, passphrase)).toBe(true);
    await confirmation.getByRole('button', { name: en.confirmBreak }).click();
    await english.page.waitForURL(/\/users\/sign_in\?excluded=/);
    await english.page.getByText(en.onBreakPage).first().waitFor();
    expect(await accountButton(english.page, copy.en).count()).toBe(0);
    expect(await canSignIn(product.url, english.email, passphrase)).toBe(false);

    const el = words.el;
    const excludeForm = greek.page.locator('[data-exclusion-kind="self_exclusion"]');
    await excludeForm.getByLabel(el.excludePeriod, { exact: true }).check();
    await excludeForm.getByRole('button', { name: el.exclude, exact: true }).click();
    const asked = greek.page.locator('[data-exclusion-kind="self_exclusion"] [data-exclusion-confirm]');
    await asked.getByText(el.confirmExcludeTitle).waitFor();
    await asked.getByRole('link', { name: 'Συνέχεια παιχνιδιού', exact: true }).click();
    await greek.page.waitForURL(`${product.url}/el/profile/limits`);
    expect(await greek.page.locator('[data-exclusion-confirm]').count()).toBe(0);
    expect(await accountButton(greek.page, copy.el).count()).toBe(1);
    expect(await canSignIn(product.url, greek.email, passphrase)).toBe(true);
    await Promise.all([english.page.context().close(), greek.page.context().close()]);
  });
});
