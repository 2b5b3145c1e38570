import { limitsApi, type SetLimitBody } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { productClock } from './harness/clock.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectPaymentOutcome, expectText, payOnSandbox } from './harness/wallet.ts';

/**
 * Player limits in the browser (issue 17): on the responsible-gaming tab a player sets a weekly deposit
 * limit of €50; the deposit form says how much the limit still allows; a €40 deposit goes through and
 * a €20 one is refused with the €10 left shown. A raise to €100 is shown pending with the moment it
 * applies, and cancelled. Asked again, it stays pending with its date and the €20 deposit is still
 * refused; the product clock (TEST_CLOCK) is moved 24 hours and a minute on, and the €100 limit is in
 * force and the €20 deposit goes through. In English and in Greek. A session-time limit ends the session
 * and the page says why. Under the Maltese licence the deposit form offers limits before the first deposit.
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
const hour = 60 * 60 * 1000;

/** What the player reads on the limits screens, written out so a spec fails when the words change. */
const words = {
  en: {
    tab: 'Responsible gaming',
    title: 'Your limits',
    kind: 'Kind of limit',
    deposit: 'Deposit limit',
    period: 'Period',
    week: 'per week (last 7 days)',
    amount: 'Amount (EUR)',
    save: 'Save limit',
    appliesNow: 'Your limit applies now.',
    limit: (amount: string) => `Deposit limit · per week (last 7 days): ${amount}`,
    usage: (used: string, left: string) => `Used: ${used} · Left: ${left}`,
    allowance: (left: string) => `Your deposit limit allows ${left} more for now.`,
    refused: (left: string) =>
      `This deposit is over your deposit limit. You can deposit ${left} more for now.`,
    pendingSaved: 'Your higher limit applies on',
    rises: (amount: string) => `Rises to ${amount} on`,
    cancel: 'Cancel the change',
    cancelled: 'The change was cancelled. Your limit stays as it is.',
    reached: 'You have reached your deposit limit for now.',
    bonusCode: 'Bonus code (optional)',
  },
  el: {
    tab: 'Υπεύθυνο παιχνίδι',
    title: 'Τα όριά σας',
    kind: 'Είδος ορίου',
    deposit: 'Όριο καταθέσεων',
    period: 'Περίοδος',
    week: 'ανά εβδομάδα (τελευταίες 7 ημέρες)',
    amount: 'Ποσό (EUR)',
    save: 'Αποθήκευση ορίου',
    appliesNow: 'Το όριό σας ισχύει από τώρα.',
    limit: (amount: string) => `Όριο καταθέσεων · ανά εβδομάδα (τελευταίες 7 ημέρες): ${amount}`,
    usage: (used: string, left: string) => `Χρησιμοποιήθηκαν: ${used} · Απομένουν: ${left}`,
    allowance: (left: string) => `Το όριο καταθέσεών σας επιτρέπει ακόμη ${left} προς το παρόν.`,
    refused: (left: string) =>
      `Η κατάθεση υπερβαίνει το όριο καταθέσεών σας. Μπορείτε να καταθέσετε ακόμη ${left} προς το παρόν.`,
    pendingSaved: 'Το υψηλότερο όριό σας ισχύει από τις',
    rises: (amount: string) => `Αυξάνεται σε ${amount} στις`,
    cancel: 'Ακύρωση της αλλαγής',
    cancelled: 'Η αλλαγή ακυρώθηκε. Το όριό σας μένει ως έχει.',
    reached: 'Έχετε φτάσει το όριο καταθέσεών σας προς το παρόν.',
    bonusCode: 'Κωδικός μπόνους (προαιρετικά)',
  },
} satisfies Record<Locale, unknown>;

async function signedIn(locale: Locale) {
  const address = uniqueAddress(`limits-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

describe.each(locales)('player limits (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const { money } = text;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn(locale));
  });
  afterAll(() => context?.close());

  const limitItem = () => page.locator('[data-limit="deposit-week"]');
  const message = () => page.locator('[data-limits-message]');

  async function setWeeklyDepositLimit(units: string) {
    await page.getByLabel(word.kind).selectOption({ label: word.deposit });
    await page.getByLabel(word.period).selectOption({ label: word.week });
    await page.getByLabel(word.amount).fill(units);
    await page.getByRole('button', { name: word.save, exact: true }).click();
  }

  async function deposit(units: number) {
    await page.getByLabel(text.wallet.amount('EUR')).fill(String(units));
    await page.getByRole('button', { name: text.wallet.depositAmount(money(units)), exact: true }).click();
  }

  it('sets a weekly deposit limit of €50 from the responsible-gaming tab', async () => {
    await visit(page, path('/profile/general'));
    await page.locator('.profile__tabs').getByRole('link', { name: word.tab, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `${text.prefix}/profile/limits`);
    await page.getByRole('heading', { name: word.title }).waitFor();
    await setWeeklyDepositLimit('50');
    await expectText(message(), word.appliesNow);
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(50)));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(0), money(50)));
  });

  it('deposits €40, then refuses €20 with the €10 left shown', async () => {
    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(50)));
    await deposit(40);
    await payOnSandbox(page, text, 'success', money(40));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(40)));

    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(10)));
    await deposit(20);
    await expectText(page.locator('.wallet-form .field__problem').first(), word.refused(money(10)));

    await visit(page, path('/profile/limits'));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(40), money(10)));
  });

  it('shows a raise as pending with the moment it applies, and cancels it', async () => {
    await setWeeklyDepositLimit('100');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-limits-message]')?.textContent?.startsWith(expected),
      word.pendingSaved,
    );
    const pending = limitItem().locator('[data-limit-pending]');
    await page.waitForFunction(
      (expected) =>
        document
          .querySelector('[data-limit="deposit-week"] [data-limit-pending]')
          ?.textContent?.startsWith(expected),
      word.rises(money(100)),
    );
    // The limit in force is still €50 until then.
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(50)));
    await limitItem().getByRole('button', { name: word.cancel, exact: true }).click();
    await expectText(message(), word.cancelled);
    await pending.waitFor({ state: 'detached' });
  });

  it('applies a raise 24 hours later on the product clock: pending with its date until then, in force after', async () => {
    const asked = await clock.now();
    await setWeeklyDepositLimit('100');
    await limitItem().locator('[data-limit-pending]').waitFor();
    const limits = await apiOf(context, product.url)(limitsApi.list, {});
    const raise = limits.ok ? limits.body.limits.find((limit) => limit.kind === 'deposit') : undefined;
    const effectiveAt = raise?.effective_at;
    if (!effectiveAt) throw new Error(`no pending raise: ${JSON.stringify(limits.body)}`);
    const due = new Date(effectiveAt).getTime();
    expect(raise).toMatchObject({ amount: 5_000, pending_amount: 10_000 });
    expect(due).toBeGreaterThanOrEqual(asked + 24 * hour - 60_000);
    expect(due).toBeLessThanOrEqual((await clock.now()) + 24 * hour);
    // The date the page shows is that moment, in the page's language and time zone.
    const shown = await page.evaluate(
      ([iso, language]) =>
        new Intl.DateTimeFormat(language === 'el' ? 'el-GR' : 'en-GB', {
          dateStyle: 'medium',
          timeStyle: 'short',
          hourCycle: 'h23',
        }).format(new Date(iso)),
      [effectiveAt, locale] as const,
    );
    await expectText(limitItem().locator('[data-limit-pending]'), `${word.rises(money(100))} ${shown}.`);
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(50)));

    // Meanwhile the €50 limit holds: €20 more is over it.
    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(10)));
    await deposit(20);
    await expectText(page.locator('.wallet-form .field__problem').first(), word.refused(money(10)));

    // 24 hours and a minute after the raise was asked.
    await clock.moveTo(new Date(Math.max(due, asked + 24 * hour) + 60_000));
    await visit(page, path('/profile/limits'));
    await expectText(limitItem().locator('.bonus-card__title'), word.limit(money(100)));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(40), money(60)));
    await limitItem().locator('[data-limit-pending]').waitFor({ state: 'detached' });

    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.allowance(money(60)));
    await deposit(20);
    await payOnSandbox(page, text, 'success', money(20));
    await backFromPayment(page, product.url, text);
    await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(20)));
    await visit(page, path('/profile/limits'));
    await expectText(limitItem().locator('[data-limit-usage]'), word.usage(money(60), money(40)));
  });

  it('offers no bonus and sends nothing once the limit is reached (issue 31 item 21)', async () => {
    // A lower limit applies at once: €60 deposited against €60.
    await setWeeklyDepositLimit('60');
    await expectText(message(), word.appliesNow);
    await page.goto(path('/profile/wallet/deposit'));
    await expectText(page.locator('[data-deposit-allowance]'), word.reached);
    const form = page.locator('form.wallet-form');
    expect(await form.getByLabel(word.bonusCode).count()).toBe(0);
    expect(await form.locator('[data-deposit-offers]').count()).toBe(0);
    await page.getByLabel(text.wallet.amount('EUR')).fill('20');
    expect(await form.locator('button[type="submit"]').isDisabled()).toBe(true);
  });
});

/** The limits tab's words the server-HTML check reads, beside `words`. */
const htmlWords = {
  en: {
    loss: (amount: string) => `Loss limit · per day (last 24 hours): ${amount}`,
    breaks: 'Take a break or exclude yourself',
  },
  el: {
    loss: (amount: string) => `Όριο απωλειών · ανά ημέρα (τελευταίες 24 ώρες): ${amount}`,
    breaks: 'Διάλειμμα ή αυτοαποκλεισμός',
  },
} satisfies Record<Locale, unknown>;

/**
 * The responsible-gaming tab arrives whole (issue 35): the server's HTML already holds the player's
 * own limits, with what is used and left, a pending raise with its date, and the break and
 * self-exclusion forms — read here with JavaScript off, so nothing the browser fetches could have
 * filled it. Two players whose limits differ (A: €50 a week on deposits, a raise to €100 pending; B:
 * €20 a day on losses) each see only their own, in English and in Greek.
 */
describe("the limits tab in the server's HTML", () => {
  const players: Record<'a' | 'b', { context: BrowserContext; bare: BrowserContext }> = {} as never;

  async function holder(label: string, limits: SetLimitBody[]) {
    const address = uniqueAddress(`limits-html-${label}`);
    await createPlayer(product.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
    const context = await browser.newContext();
    await signInContext(context, product.url, address, passphrase);
    for (const body of limits) {
      const answer = await apiOf(context, product.url, { 'user-agent': browserAgent })(limitsApi.set, {
        body,
      });
      expect(answer.ok, JSON.stringify(answer.body)).toBe(true);
    }
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    return { context, bare };
  }

  beforeAll(async () => {
    [players.a, players.b] = await Promise.all([
      holder('a', [
        { kind: 'deposit', period: 'week', currency: 'EUR', amount: 5_000 },
        { kind: 'deposit', period: 'week', currency: 'EUR', amount: 10_000 },
      ]),
      holder('b', [{ kind: 'loss', period: 'day', currency: 'EUR', amount: 2_000 }]),
    ]);
  });
  afterAll(async () => {
    for (const one of Object.values(players)) {
      await one?.bare.close();
      await one?.context.close();
    }
  });

  const cases = locales.flatMap((locale) => [
    { who: 'a' as const, locale },
    { who: 'b' as const, locale },
  ]);

  it.each(cases)('shows player $who their own limits in $locale', async ({ who, locale }) => {
    const text = copy[locale];
    const word = { ...words[locale], ...htmlWords[locale] };
    const { money } = text;
    const page = await players[who].bare.newPage();
    const answer = await page.goto(`${product.url}${text.prefix}/profile/limits`);
    expect(answer?.status()).toBe(200);
    expect(await page.getByRole('heading', { name: word.title }).count()).toBe(1);
    const items = page.locator('[data-limit]');
    if (who === 'a') {
      expect(await items.evaluateAll((all) => all.map((item) => item.getAttribute('data-limit')))).toEqual([
        'deposit-week',
      ]);
      const item = page.locator('[data-limit="deposit-week"]');
      expect(await item.locator('.bonus-card__title').textContent()).toBe(word.limit(money(50)));
      expect(await item.locator('[data-limit-usage]').textContent()).toBe(word.usage(money(0), money(50)));
      // Rises to €100.00 on <the moment it applies>.
      const pending = await item.locator('[data-limit-pending]').textContent();
      expect(pending?.startsWith(`${word.rises(money(100))} `), pending ?? '').toBe(true);
    } else {
      expect(await items.evaluateAll((all) => all.map((item) => item.getAttribute('data-limit')))).toEqual([
        'loss-day',
      ]);
      const item = page.locator('[data-limit="loss-day"]');
      expect(await item.locator('.bonus-card__title').textContent()).toBe(word.loss(money(20)));
      expect(await item.locator('[data-limit-pending]').count()).toBe(0);
    }
    // The breaks and self-exclusion are there too, with no history for either player.
    expect(await page.getByRole('heading', { name: word.breaks }).count()).toBe(1);
    expect(await page.locator('[data-exclusion-kind]').count()).toBe(2);
    expect(await page.locator('[data-exclusion]').count()).toBe(0);
    await page.close();
  });
});

describe('setting a limit without JavaScript (the form posts to the page)', () => {
  /** A signed-in player's browser that runs no script: only the server's HTML and its forms. */
  async function bare(locale: Locale) {
    const address = uniqueAddress(`limits-bare-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    const context = await browser.newContext();
    await signInContext(context, product.url, address, passphrase);
    const page = await (
      await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() })
    ).newPage();
    await context.close();
    return page;
  }

  it('sets each player their own limit: a weekly deposit limit in English, a session limit in Greek', async () => {
    const [english, greek] = await Promise.all([bare('en'), bare('el')]);
    const en = words.en;
    await english.goto(`${product.url}/profile/limits`);
    await english.getByLabel(en.kind).selectOption({ label: en.deposit });
    await english.getByLabel(en.period).selectOption({ label: en.week });
    await english.getByLabel('Amount (EUR), or minutes for a session limit').fill('60');
    await english.getByRole('button', { name: en.save, exact: true }).click();
    await expectText(english.locator('[data-limits-message]'), en.appliesNow);
    await expectText(
      english.locator('[data-limit="deposit-week"] .bonus-card__title'),
      en.limit(copy.en.money(60)),
    );

    const el = { ...words.el, ...sessionWords.el };
    await greek.goto(`${product.url}/el/profile/limits`);
    await greek.getByLabel(el.kind).selectOption({ label: el.session });
    await greek.getByLabel(el.period).selectOption({ label: 'ανά συνεδρία' });
    await greek.getByLabel('Ποσό (EUR) ή λεπτά για όριο συνεδρίας').fill('30');
    await greek.getByRole('button', { name: el.save, exact: true }).click();
    await expectText(greek.locator('[data-limits-message]'), el.appliesNow);
    await expectText(greek.locator('[data-limit="session-session"] .bonus-card__title'), el.limit);

    // Each sees only their own.
    expect(await english.locator('[data-limit]').count()).toBe(1);
    expect(await greek.locator('[data-limit]').count()).toBe(1);
    await Promise.all([english.context().close(), greek.context().close()]);
  });
});

/** What the player reads when the session-time limit ends a session, written out as on screen. */
const sessionWords = {
  en: {
    session: 'Session time limit',
    minutes: 'Minutes per session',
    limit: 'Session time limit · per session: 30 min',
    ended:
      'Your session reached the time limit you set (30 min). Sign in again when you want to start a new session.',
  },
  el: {
    session: 'Όριο χρόνου συνεδρίας',
    minutes: 'Λεπτά ανά συνεδρία',
    limit: 'Όριο χρόνου συνεδρίας · ανά συνεδρία: 30 λεπτά',
    ended:
      'Η συνεδρία σας έφτασε το όριο χρόνου που ορίσατε (30 λεπτά). Συνδεθείτε ξανά όταν θέλετε να ξεκινήσετε νέα συνεδρία.',
  },
} satisfies Record<Locale, unknown>;

/**
 * The session-time limit (issue 17): a player sets 30 minutes per session; the product clock is moved
 * 31 minutes on and the page's own clock (Playwright's) at least as far, and the page says why the
 * session ended, with a way to sign in again; the server refuses the session with
 * compliance.session_limit.
 */
describe.each(locales)('session-time limit (%s)', (locale) => {
  const text = copy[locale];
  const word = { ...words[locale], ...sessionWords[locale] };

  it('ends the session at the limit and says why, with a way to sign in again', async () => {
    const address = uniqueAddress(`session-limit-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    const context = await browser.newContext();
    try {
      await signInContext(context, product.url, address, passphrase);
      await context.clock.install({ time: Date.now() });
      const page = await context.newPage();
      await visit(page, `${product.url}${text.prefix}/profile/limits`);
      await page.getByRole('heading', { name: word.title }).waitFor();
      await page.getByLabel(word.kind).selectOption({ label: word.session });
      await page.getByLabel(word.minutes).fill('30');
      await page.getByRole('button', { name: word.save, exact: true }).click();
      await expectText(page.locator('[data-limits-message]'), word.appliesNow);
      await expectText(page.locator('[data-limit="session-session"] .bonus-card__title'), word.limit);

      // The watch's next look is lost on the way (a network away for a moment): other requests of the
      // page then find the session over first and the site may take the player to sign in; wherever
      // they land, the page says why.
      let lost = false;
      await page.route(
        (url) => url.pathname.endsWith('/player/limits'),
        async (route) => {
          if (lost) return route.continue();
          lost = true;
          return route.abort('internetdisconnected');
        },
      );
      // 31 minutes on, for the product and for the page: the page's watch looks again and is told why.
      await clock.moveTo((await clock.now()) + 31 * 60_000);
      // The watch looks at least every 5 minutes of the page's time: the page's clock goes on 5 minutes
      // at a time until it has looked, so a look it scheduled late (its code loads lazily) still comes.
      // Under load a look may come late: up to 20 steps, each given 5 seconds to show the end.
      const ended = page.locator('[data-session-limit-ended]');
      for (let step = 0; step < 20 && !(await ended.isVisible()); step++) {
        await page.clock.fastForward('05:00');
        await ended.waitFor({ timeout: 5_000 }).catch(() => undefined);
      }
      expect(lost).toBe(true);
      await expectText(ended.locator('p'), word.ended);
      await ended.getByRole('link', { name: text.signIn, exact: true }).waitFor();

      const refused = await apiOf(context, product.url)(limitsApi.list, {});
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        codes: { base: ['compliance.session_limit'] },
        params: { base: [{ minutes: 30 }] },
      });
    } finally {
      await context.close();
    }
  });
});

describe('limits before the first deposit (Malta)', () => {
  let malta: SharedProduct;
  beforeAll(async () => {
    malta = await sharedProduct('malta');
  });

  it('offers to set limits on the deposit form of a player without any, leading to the limits tab', async () => {
    const address = uniqueAddress('limits-malta');
    await createPlayer(malta.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
    const context = await browser.newContext();
    try {
      await signInContext(context, malta.url, address, passphrase);
      const page = await context.newPage();
      await page.goto(`${malta.url}/profile/wallet/deposit`);
      const offer = page.locator('[data-deposit-limits-offer]');
      await expectText(
        offer,
        'Before you deposit, you can set a limit on how much you deposit, lose or stake. Set your limits',
      );
      await offer.getByRole('link', { name: 'Set your limits', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/profile/limits');
      await page
        .getByText('You can set your limits now, before your first deposit.', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

/**
 * The deposit form arrives whole (issue 35): the server's HTML of /profile/wallet/deposit already says
 * what a player's deposit limit allows, read here with JavaScript off, so nothing the browser fetches
 * could have filled it. Player A has a €50 weekly deposit limit and player B none; each sees only their
 * own, in English and in Greek.
 */
describe("the deposit allowance in the server's HTML", () => {
  const players: Record<'a' | 'b', BrowserContext> = {} as never;

  /** A new player signed in through the API, in a context with JavaScript off; A sets a €50 weekly limit. */
  async function player(label: 'a' | 'b') {
    const address = uniqueAddress(`limits-html-${label}`);
    await createPlayer(product.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInContext(context, product.url, address, passphrase);
    if (label === 'a') {
      const set = await apiOf(context, product.url)(limitsApi.set, {
        body: { kind: 'deposit', period: 'week', currency: 'EUR', amount: 5_000 },
      });
      expect(set.status, JSON.stringify(set.body)).toBeLessThan(300);
    }
    return context;
  }

  beforeAll(async () => {
    [players.a, players.b] = await Promise.all([player('a'), player('b')]);
  });
  afterAll(async () => {
    for (const context of Object.values(players)) await context?.close();
  });

  it.each(locales)('shows player A their allowance and player B none (%s)', async (locale) => {
    const text = copy[locale];
    const sent = async (context: BrowserContext) => {
      const page = await context.newPage();
      const answer = await page.goto(`${product.url}${text.prefix}/profile/wallet/deposit`);
      expect(answer?.status()).toBe(200);
      await page.getByLabel(text.wallet.amount('EUR')).waitFor();
      return page;
    };
    const a = await sent(players.a);
    await expectText(a.locator('[data-deposit-allowance]'), words[locale].allowance(text.money(50)));
    const b = await sent(players.b);
    expect(await b.locator('[data-deposit-allowance]').count()).toBe(0);
    expect(await b.content()).not.toContain(words[locale].allowance(text.money(50)));
  });
});
