import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, patience } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import {
  accountButton,
  createPlayer,
  signInContext,
  signOutFromHeader,
  uniqueAddress,
} from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, headerShowsBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * The Estonian reality check (issue 17, decision 24) in the browser, on a product run with
 * LICENSE=estonia (a check every 60 minutes of play). The player deposits and plays a real-money round,
 * then the page's clock is faked: time while the tab is hidden is not counted, the counted time survives
 * a reload, and at 60 minutes a dialog says how long the session has run and what was staked and won in
 * it, with continue (the next check a full hour later), see the history, and log out. English and Greek.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('estonia'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const minute = 60_000;
const passphrase = 'Lantern-Harbour-58';

/** What the player reads, written out so a spec fails when the words change. */
const words = {
  en: {
    title: 'Reality check',
    playing: 'You have been playing for 1 h 0 min.',
    playingLater: 'You have been playing for 2 h 0 min.',
    wagered: 'Wagered this session',
    won: 'Won this session',
    net: 'Net result this session',
    continue: 'Continue playing',
    history: 'See my history',
    signOut: 'Log out',
  },
  el: {
    title: 'Υπενθύμιση χρόνου παιχνιδιού',
    playing: 'Χρόνος παιχνιδιού σε αυτή τη συνεδρία: 1 ώρ. 0 λεπ.',
    playingLater: 'Χρόνος παιχνιδιού σε αυτή τη συνεδρία: 2 ώρ. 0 λεπ.',
    wagered: 'Ποντάρατε σε αυτή τη συνεδρία',
    won: 'Κερδίσατε σε αυτή τη συνεδρία',
    net: 'Καθαρό αποτέλεσμα συνεδρίας',
    continue: 'Συνέχεια παιχνιδιού',
    history: 'Δείτε το ιστορικό μου',
    signOut: 'Αποσύνδεση',
  },
} as const;

interface Session {
  elapsedMs: number;
  countedUntil: number;
  nextCheckMs: number;
  startedAt: number;
}

/** The session the tabs share, as stored under the licence's name. */
const stored = (page: Page) =>
  page.evaluate(() =>
    JSON.parse(localStorage.getItem('chrysos.realityCheck.estonia') ?? 'null'),
  ) as Promise<Session | null>;

/**
 * The tab hidden or shown as the browser does when the player switches tabs or minimises the window:
 * headless Chromium keeps every page visible, so the page is told as a real switch tells it.
 */
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

/**
 * Waits until the page's timer has counted up to the page's present (it runs once the page is
 * hydrated), and answers the session it stored.
 */
async function counting(page: Page): Promise<Session> {
  const from = await page.evaluate(() => Date.now());
  await page.waitForFunction(
    (since) => {
      const state = JSON.parse(localStorage.getItem('chrysos.realityCheck.estonia') ?? 'null');
      return state !== null && state.countedUntil >= since;
    },
    from,
    { polling: 100 },
  );
  return (await stored(page)) as Session;
}

describe.each(locales)('the reality check under the Estonian licence (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  let context: BrowserContext;
  let page: Page;
  let wagered = 0;
  let won = 0;

  beforeAll(async () => {
    const email = uniqueAddress('reality');
    await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, email, passphrase);
    const setup = await context.newPage();

    // The session begins with the first page; a deposit and one real-money round are played in it.
    const started = await context.request.post(`${product.url}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 5_000, method: 'card' },
      headers: { 'accept-language': locale },
    });
    expect(started.status()).toBe(201);
    await setup.goto(`${product.url}${text.prefix}/`);
    await setup.goto(new URL((await started.json()).redirect_url, product.url).href);
    await payOnSandbox(setup, text, 'success', text.money(50));
    await backFromPayment(setup, product.url, text);
    const games = async () =>
      (
        (await (
          await context.request.get(`${product.url}/api/player/transactions?kind=game&per_page=100`)
        ).json()) as {
          items: { kind: string; amount_cents: number; round_win_cents: number | null }[];
        }
      ).items;
    const balance = async () =>
      (
        (await (await context.request.get(`${product.url}/api/player/accounts`)).json()) as {
          amount_cents: number;
          active: boolean;
        }[]
      ).find((account) => account.active)?.amount_cents ?? 0;
    await headerShowsBalance(setup, text, text.money(50));
    expect(await balance()).toBe(5_000);
    // The game's own words are English here whatever the page's language.
    await setup.goto(`${product.url}/game/hi-lo-dice?mode=real`);
    const frame = setup.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
    await frame.getByRole('button', { name: 'Roll', exact: true }).click();
    const played = async () =>
      (await games()).some((entry) => entry.kind === 'bet' && entry.round_win_cents !== null);
    await vi.waitFor(async () => expect(await played(), 'the round is booked').toBe(true), {
      timeout: patience,
      interval: 200,
    });
    for (const entry of await games()) {
      if (entry.kind !== 'bet') continue;
      wagered += Math.abs(entry.amount_cents);
      won += entry.round_win_cents ?? 0;
    }
    expect(wagered).toBeGreaterThan(0);
    expect(await stored(setup)).toMatchObject({ nextCheckMs: 60 * minute });
    await setup.close();

    // From here the page's clock is the test's: it starts at the real time, runs on, and jumps when told.
    await context.clock.install({ time: Date.now() });
    page = await context.newPage();
    await page.goto(`${product.url}${text.prefix}/`);
    await counting(page);
  });
  afterAll(() => context?.close());

  const dialog = () => page.getByRole('alertdialog', { name: word.title });

  it('counts visible time only, keeps it over a reload and shows the check on time', async () => {
    const begun = await counting(page);
    expect(begun.elapsedMs).toBeLessThan(5 * minute);

    // 30 minutes of play.
    await page.clock.fastForward(30 * minute);
    const visible = await counting(page);
    expect(visible.elapsedMs).toBeGreaterThanOrEqual(begun.elapsedMs + 30 * minute);

    // Two hours with the tab hidden count for nothing, and no check falls due meanwhile. The page's clock
    // also runs on in real time while the test works (slowly, on a loaded machine): only that may count.
    await setVisibility(page, 'hidden');
    await page.clock.fastForward(120 * minute);
    await setVisibility(page, 'visible');
    const afterHidden = await counting(page);
    const ranMeanwhile = afterHidden.countedUntil - visible.countedUntil - 120 * minute;
    expect(afterHidden.elapsedMs - visible.elapsedMs).toBeLessThanOrEqual(ranMeanwhile);
    expect(await dialog().count()).toBe(0);

    // A reload goes on with the same session and count: nothing counted twice.
    await page.reload();
    const reloaded = await counting(page);
    expect(reloaded.startedAt).toBe(begun.startedAt);
    expect(reloaded.elapsedMs).toBeGreaterThanOrEqual(afterHidden.elapsedMs);
    expect(reloaded.elapsedMs - afterHidden.elapsedMs).toBeLessThanOrEqual(
      reloaded.countedUntil - afterHidden.countedUntil,
    );

    // A minute before the hour nothing shows; at the hour the check does. (A minute: more than the test
    // takes between reading the count and moving the clock, which the page counts too.)
    const beforeTheHour = await counting(page);
    await page.clock.fastForward(60 * minute - beforeTheHour.elapsedMs - minute);
    await counting(page);
    expect(await dialog().count()).toBe(0);
    await page.clock.fastForward(minute + 1_000);
    await dialog().waitFor();
    expect(await dialog().getByTestId('reality-check-duration').textContent()).toBe(word.playing);
    const money = dialog().getByTestId('reality-check-money');
    await money.waitFor();
    const said = (await money.textContent()) ?? '';
    expect(said).toContain(word.wagered);
    expect(said).toContain(text.money(wagered / 100));
    expect(said).toContain(word.won);
    expect(said).toContain(text.money(won / 100));
    // Where the session leaves the player: what came back less what went in.
    expect(said).toContain(`${word.net}${text.signed((won - wagered) / 100)}`);
  });

  it('continues for another full hour, then offers the history and signing out', async () => {
    // The page's time stands still while the answer is read back: a tick between the click and the
    // read would count a second more of play.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await dialog().getByRole('button', { name: word.continue }).click();
    expect(await dialog().count()).toBe(0);
    const answered = (await stored(page)) as Session;
    expect(answered.nextCheckMs - answered.elapsedMs).toBe(60 * minute);
    await page.clock.resume();

    await page.reload();
    const reloaded = await counting(page);
    await page.clock.fastForward(answered.nextCheckMs - reloaded.elapsedMs - minute);
    await counting(page);
    expect(await dialog().count()).toBe(0);
    await page.clock.fastForward(minute + 1_000);
    await dialog().waitFor();
    expect(await dialog().getByTestId('reality-check-duration').textContent()).toBe(word.playingLater);

    if (locale === 'en') {
      await dialog().getByRole('button', { name: word.signOut }).click();
      await expect.poll(() => accountButton(page, text).count()).toBe(0);
      expect(await stored(page)).toBeNull();
      expect(await dialog().count()).toBe(0);
    } else {
      await dialog().getByRole('button', { name: word.history }).click();
      await page.waitForURL(`**${text.prefix}/profile/wallet/transactions`);
      expect(await dialog().count()).toBe(0);
      const next = (await stored(page)) as Session;
      expect(next.nextCheckMs - next.elapsedMs).toBeGreaterThan(59 * minute);
      // Signing out from the header ends the session too: the next sign-in starts a new one.
      await signOutFromHeader(page, text);
      await expect.poll(() => accountButton(page, text).count()).toBe(0);
      expect(await stored(page)).toBeNull();
    }
  });
});
