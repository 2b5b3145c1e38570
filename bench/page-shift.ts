import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';
import { copy, type Locale, locales } from '../e2e/harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from '../e2e/harness/players.ts';
import { backFromPayment, headerShowsBalance, payOnSandbox } from '../e2e/harness/wallet.ts';
import { startProduct } from '../e2e/server.ts';

/**
 * Layout shift of the signed-in pages: each route opened `--runs` times (3 unless told) in a fresh page,
 * in English and in Greek, by a player with a deposit and a few rounds (so the transactions and the
 * balances have rows to load), the page's layout shifts summed as CLS counts them until it has loaded
 * its data. Prints the median and the worst run per route: the whole page, and without the shifts in
 * which the header moved (its controls are read after the page is live). Targets: without the header
 * < 0.025 (the page keeps the places of what it loads), with it < 0.1 (what Core Web Vitals call good).
 */
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument === -1 ? 3 : Number(process.argv[runsArgument + 1]);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');

const routes = [
  '/',
  '/games',
  '/notifications',
  '/profile/general',
  '/profile/wallet/balance',
  '/profile/wallet/deposit',
  '/profile/wallet/withdrawal',
  '/profile/wallet/transactions',
  '/profile/bonuses',
  '/profile/limits',
  '/profile/lottery',
  '/profile/loyalty',
];

interface Shift {
  value: number;
  header: boolean;
}

/** Records the layout shifts of the page from its first paint, as CLS counts them (no recent input). */
const recordLayoutShifts = () => {
  const shifts: { value: number; header: boolean }[] = [];
  (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const nodes = (entry.sources ?? []).map((source) => source.node);
      shifts.push({
        value: entry.value,
        header: nodes.some((node) => node instanceof Element && node.closest('header') !== null),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** The page's shifts once it is live and has fetched what it shows. */
async function shiftsOf(page: Page, url: string): Promise<Shift[]> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? 0;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
const sum = (shifts: Shift[]) => shifts.reduce((total, shift) => total + shift.value, 0);

const product = await startProduct();
const browser = await launchBrowser();
const figures: Record<string, Record<string, string>> = {};
try {
  for (const locale of locales as readonly Locale[]) {
    const text = copy[locale];
    const email = uniqueAddress(`page-shift-${locale}`);
    const password = 'Lantern-Harbour-58';
    await createPlayer(product.url, { email, password, language: locale, country: 'GR' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, email, password);

    // €50 through the sandbox payment page, and a few real-money spins.
    const setup = await context.newPage();
    const started = await context.request.post(`${product.url}/api/payments/deposits`, {
      headers: { 'accept-language': locale },
      data: { currency: 'EUR', amount_cents: 5_000, method: 'card' },
    });
    await setup.goto(new URL((await started.json()).redirect_url, product.url).href);
    await payOnSandbox(setup, text, 'success', text.money(50));
    await backFromPayment(setup, product.url, text);
    await headerShowsBalance(setup, text, text.money(50));
    const launch = await context.request.get(
      `${product.url}/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=${locale}`,
      { headers: { accept: 'application/vnd.s.v2+json' } },
    );
    const session = new URL((await launch.json()).game_url, product.url).searchParams.get('session') ?? '';
    for (let spin = 0; spin < 5; spin++) {
      await context.request.post(`${product.url}/games-api/rounds`, {
        headers: { 'x-studio-session': session },
        data: { bet: { stake: 100 } },
      });
    }
    await setup.close();
    await context.addInitScript(recordLayoutShifts);

    for (const route of routes) {
      const whole: number[] = [];
      const withoutHeader: number[] = [];
      for (let run = 0; run < runs; run++) {
        const page = await context.newPage();
        const shifts = await shiftsOf(page, `${product.url}${text.prefix}${route}`);
        await page.close();
        whole.push(sum(shifts));
        withoutHeader.push(sum(shifts.filter((shift) => !shift.header)));
      }
      figures[`${text.prefix || '/en'}${route === '/' ? '' : route}`] = {
        'without header (median)': median(withoutHeader).toFixed(3),
        'without header (worst)': Math.max(...withoutHeader).toFixed(3),
        'whole page (median)': median(whole).toFixed(3),
        'whole page (worst)': Math.max(...whole).toFixed(3),
      };
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}

console.log(
  `\nLayout shift of the signed-in pages, 1280×900, ${runs} run${runs === 1 ? '' : 's'} each (targets: without header < 0.025, whole page < 0.1)\n`,
);
console.table(figures);
