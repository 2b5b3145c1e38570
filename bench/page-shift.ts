import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';
import { copy, type Locale, locales } from '../e2e/harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from '../e2e/harness/players.ts';
import { backFromPayment, headerShowsBalance, payOnSandbox } from '../e2e/harness/wallet.ts';
import { startProduct } from '../e2e/server.ts';

/**
 * Layout shift (CLS) of every page a visitor or a player opens (issue 35: ≤ 0.02 on every route,
 * signed in and out, both viewports and locales): each route in Chromium on a 390×844 touch phone and a
 * 1440×900 desktop, in English and in Greek, by a visitor and by a player with a deposit and a few rounds
 * (so balances and histories have rows to load); profile routes by the player only. A page's CLS is its
 * largest session window of layout shifts (as Core Web Vitals count it) from the first paint until it is
 * live and its network is idle. Prints a table of the worst of `--runs` loads (1 unless told) per route
 * and setting, the maximum, and the 0.02 target with a mark per figure. `--parallel` pages load at once
 * (2 unless told).
 */
function numberArgument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number ≥ 1`);
  return value;
}
const runs = numberArgument('--runs', 1);
const parallel = numberArgument('--parallel', 2);
const target = 0.02;

/** The pages of app/routes.ts a visitor or a player opens, one address each; `player`: signed in only. */
const routes: { path: string; player?: true }[] = [
  { path: '/' },
  { path: '/games/all' },
  { path: '/game/golden-drachma' },
  { path: '/promotions' },
  { path: '/promotions/welcome-package' },
  { path: '/tournaments/active' },
  { path: '/tournaments/finished/autumn-spin-cup' },
  { path: '/jackpot' },
  { path: '/lottery' },
  { path: '/loyalty' },
  { path: '/wheel-of-fortune' },
  { path: '/faq' },
  { path: '/support' },
  { path: '/providers' },
  { path: '/payments' },
  { path: '/provably-fair' },
  { path: '/mobile-app' },
  { path: '/terms-and-conditions' },
  { path: '/notifications' },
  { path: '/users/sign_in' },
  { path: '/users/sign_up' },
  { path: '/users/password/new' },
  { path: '/deposit' },
  { path: '/profile/general', player: true },
  { path: '/profile/general/security', player: true },
  { path: '/profile/general/verification', player: true },
  { path: '/profile/wallet/balance', player: true },
  { path: '/profile/wallet/deposit', player: true },
  { path: '/profile/wallet/withdrawal', player: true },
  { path: '/profile/wallet/transactions', player: true },
  { path: '/profile/bonuses', player: true },
  { path: '/profile/limits', player: true },
  { path: '/profile/lottery', player: true },
  { path: '/profile/loyalty', player: true },
];

const viewports = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 } },
} satisfies Record<string, BrowserContextOptions>;
type Viewport = keyof typeof viewports;
type Who = 'visitor' | 'player';

/** Records the page's layout shifts from its first paint (those after an input don't count). */
const recordLayoutShifts = () => {
  const shifts: { value: number; time: number }[] = [];
  (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, time: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** CLS: the largest sum of shifts less than 1 s apart within a 5 s window. */
function cumulativeLayoutShift(shifts: { value: number; time: number }[]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window > 0 && shift.time - last < 1000 && shift.time - first < 5000) window += shift.value;
    else {
      window = shift.value;
      first = shift.time;
    }
    last = shift.time;
    largest = Math.max(largest, window);
  }
  return largest;
}

async function clsOf(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // A page that keeps the network busy (a game frame's polling, say) is measured after 15 s of it.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  return cumulativeLayoutShift(
    await page.evaluate(
      () => (window as unknown as { __layoutShifts: { value: number; time: number }[] }).__layoutShifts,
    ),
  );
}

/** A player in `locale` with €50 deposited through the sandbox payment page and five real-money spins. */
async function fundedPlayer(browser: Browser, url: string, locale: Locale) {
  const text = copy[locale];
  const email = uniqueAddress(`page-shift-${locale}`);
  const password = 'Lantern-Harbour-58';
  await createPlayer(url, { email, password, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, url, email, password);
  const setup = await context.newPage();
  const started = await context.request.post(`${url}/api/payments/deposits`, {
    headers: { 'accept-language': locale },
    data: { currency: 'EUR', amount_cents: 5_000, method: 'card' },
  });
  await setup.goto(new URL((await started.json()).redirect_url, url).href);
  await payOnSandbox(setup, text, 'success', text.money(50));
  await backFromPayment(setup, url, text);
  await headerShowsBalance(setup, text, text.money(50));
  const launch = await context.request.get(
    `${url}/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=${locale}`,
    { headers: { accept: 'application/vnd.s.v2+json' } },
  );
  const session = new URL((await launch.json()).game_url, url).searchParams.get('session') ?? '';
  for (let spin = 0; spin < 5; spin++) {
    await context.request.post(`${url}/games-api/rounds`, {
      headers: { 'x-studio-session': session },
      data: { bet: { stake: 100 } },
    });
  }
  await context.close();
  return { email, password };
}

const settingName = (who: Who, viewport: Viewport, locale: Locale) =>
  `${who === 'player' ? 'in' : 'out'} ${viewport} ${locale}`;

const product = await startProduct();
const browser = await launchBrowser();
/** CLS of each load, by route and setting. */
const figures = new Map<string, Map<string, number[]>>();
const started = performance.now();
try {
  const players = new Map<Locale, { email: string; password: string }>();
  for (const locale of locales) players.set(locale, await fundedPlayer(browser, product.url, locale));

  const loads: { who: Who; viewport: Viewport; locale: Locale; path: string }[] = [];
  const contexts = new Map<string, Awaited<ReturnType<Browser['newContext']>>>();
  for (const who of ['visitor', 'player'] as const) {
    for (const viewport of Object.keys(viewports) as Viewport[]) {
      for (const locale of locales) {
        const context = await browser.newContext(viewports[viewport]);
        await context.addInitScript(recordLayoutShifts);
        const player = players.get(locale);
        if (who === 'player' && player)
          await signInContext(context, product.url, player.email, player.password);
        contexts.set(settingName(who, viewport, locale), context);
        for (const { path, player: signedInOnly } of routes) {
          if (signedInOnly && who === 'visitor') continue;
          for (let run = 0; run < runs; run++) loads.push({ who, viewport, locale, path });
        }
      }
    }
  }

  let next = 0;
  const worker = async () => {
    for (let load = loads[next++]; load; load = loads[next++]) {
      const setting = settingName(load.who, load.viewport, load.locale);
      const page = await (contexts.get(setting) as NonNullable<ReturnType<typeof contexts.get>>).newPage();
      try {
        const cls = await clsOf(page, `${product.url}${copy[load.locale].prefix}${load.path}`);
        const byRoute = figures.get(load.path) ?? new Map<string, number[]>();
        figures.set(load.path, byRoute);
        byRoute.set(setting, [...(byRoute.get(setting) ?? []), cls]);
      } catch (error) {
        // One page that never loads is reported and left out (its cell reads —), not the whole run lost.
        console.error(`${load.path} (${setting}) not measured: ${String(error).split('\n')[0]}`);
      } finally {
        await page.close();
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  for (const context of contexts.values()) await context.close();
} finally {
  await browser.close();
  await product.stop();
}

const settings = (['visitor', 'player'] as const).flatMap((who) =>
  (Object.keys(viewports) as Viewport[]).flatMap((viewport) =>
    locales.map((locale) => settingName(who, viewport, locale)),
  ),
);
const mark = (cls: number) => `${cls.toFixed(3)} ${cls <= target ? '✓' : '✗'}`;
const table: Record<string, Record<string, string>> = {};
let worst = { cls: 0, where: '' };
let above = 0;
let measured = 0;
for (const { path } of routes) {
  const row: Record<string, string> = {};
  for (const setting of settings) {
    const loadsOf = figures.get(path)?.get(setting);
    if (!loadsOf) {
      row[setting] = '—';
      continue;
    }
    const cls = Math.max(...loadsOf);
    row[setting] = mark(cls);
    measured++;
    if (cls > target) above++;
    if (cls > worst.cls) worst = { cls, where: `${path} (${setting})` };
  }
  table[path] = row;
}

console.log(
  `\nCLS per route: signed out/in × phone 390×844 touch / desktop 1440×900 × locale; worst of ${runs} load${runs === 1 ? '' : 's'}, ${parallel} at once, in ${((performance.now() - started) / 60_000).toFixed(1)} min (target ≤ ${target})\n`,
);
console.table(table);
console.log(
  `\nMax CLS ${worst.cls.toFixed(3)}${worst.where ? ` at ${worst.where}` : ''}; target ≤ ${target}: ${above === 0 ? 'PASS ✓' : `FAIL ✗ (${above} of ${measured} above)`}`,
);
