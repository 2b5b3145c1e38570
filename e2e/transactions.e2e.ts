import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { backFromPayment, download, headerShowsBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * The transactions page as a player reads it after a deposit and a few real-money spins: each game
 * movement by the game's title (no studio codes or round ids), the deposit by its method, a lost round
 * as its bet alone ("no win", never a "Win €0.00" row), and the same in the CSV. (How far the page
 * moves while the history loads is a figure of bench/page-shift.ts.)
 */
const { url: baseUrl } = await sharedProduct('standard');

const words = {
  en: {
    title: 'Golden Drachma',
    card: 'Bank card',
    noWin: 'no win',
    bet: 'Bet',
    win: 'Win',
    deposit: 'Deposit',
    table: 'Transactions',
    found: 'Transactions found:',
  },
  el: {
    title: 'Χρυσή Δραχμή',
    card: 'Τραπεζική κάρτα',
    noWin: 'χωρίς κέρδος',
    bet: 'Πόνταρισμα',
    win: 'Κέρδος',
    deposit: 'Κατάθεση',
    table: 'Συναλλαγές',
    found: 'Συναλλαγές που βρέθηκαν:',
  },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(locales)('the transactions of a player who deposited and played (%s)', (locale) => {
  const text = copy[locale];
  const said = words[locale];
  let context: BrowserContext;
  let page: Page;
  /** Rounds played and how many of them won nothing. */
  let played = 0;
  let lost = 0;
  let won = 0;

  beforeAll(async () => {
    const email = uniqueAddress(`history-${locale}`);
    const password = 'Lantern-Harbour-58';
    await createPlayer(baseUrl, { email, password, language: locale, country: 'GR' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await signInContext(context, baseUrl, email, password);
    page = await context.newPage();

    // €50 through the sandbox payment page, in the player's language.
    const started = await context.request.post(`${baseUrl}/api/payments/deposits`, {
      headers: { 'accept-language': locale },
      data: { currency: 'EUR', amount_cents: 5_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await page.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(page, text, 'success', text.money(50));
    await backFromPayment(page, baseUrl, text);
    const balance = async () => {
      const accounts = (await (await context.request.get(`${baseUrl}/api/player/accounts`)).json()) as {
        amount_cents: number;
        active: boolean;
      }[];
      return accounts.find((account) => account.active)?.amount_cents ?? 0;
    };
    await headerShowsBalance(page, text, text.money(50));
    expect(await balance()).toBe(5_000);

    // Real-money spins of Golden Drachma, through the studio's API as its game client calls it, until
    // at least one round won nothing (most do) and a few were played.
    const launch = await context.request.get(
      `${baseUrl}/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=${locale}`,
      { headers: { accept: 'application/vnd.s.v2+json' } },
    );
    expect(launch.status()).toBe(200);
    const session = new URL((await launch.json()).game_url, baseUrl).searchParams.get('session') ?? '';
    while (played < 3 || lost === 0) {
      if (played >= 40) throw new Error('forty spins and not one lost: the slot cannot be that generous');
      const round = await context.request.post(`${baseUrl}/games-api/rounds`, {
        headers: { 'x-studio-session': session },
        data: { bet: { stake: 100 } },
      });
      expect(round.status()).toBe(200);
      const answer = (await round.json()) as { finished: boolean; payout: number | null };
      expect(answer.finished).toBe(true);
      played++;
      if (answer.payout === 0) lost++;
      else won++;
    }
  });
  afterAll(() => context?.close());

  it('names the game and the card, and folds a lost round into its bet', async () => {
    await page.goto(`${baseUrl}${text.prefix}/profile/wallet/transactions`);
    await page.getByText(`${said.found} ${1 + played + won}`, { exact: true }).waitFor();
    const table = page.getByRole('table', { name: said.table });
    const rows = await table.locator('tbody tr').evaluateAll((found) =>
      found.map((row) => {
        const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '');
        // The details as they read, without the button that opens a round.
        const details = row.querySelector('.history-table__what')?.textContent ?? '';
        return { type: cells[1] ?? '', details, amount: cells[3] ?? '' };
      }),
    );

    expect(rows.at(-1)).toEqual({ type: said.deposit, details: said.card, amount: text.signed(50) });
    const bets = rows.filter((row) => row.type === said.bet);
    const wins = rows.filter((row) => row.type === said.win);
    expect(bets).toHaveLength(played);
    expect(bets.every((row) => row.amount === text.signed(-1))).toBe(true);
    expect(bets.filter((row) => row.details === `${said.title} · ${said.noWin}`)).toHaveLength(lost);
    expect(bets.filter((row) => row.details === said.title)).toHaveLength(won);
    // Only rounds that paid something have a win row, and it names the game too.
    expect(wins).toHaveLength(won);
    expect(wins.every((row) => row.details === said.title && row.amount !== text.signed(0))).toBe(true);
    // No studio code or round id reaches the player.
    expect(rows.some((row) => /golden-drachma|[0-9a-f]{8}-[0-9a-f]{4}-/.test(row.details))).toBe(false);
  });

  it('downloads the same history as CSV with the title and the method', async () => {
    const csv = await download(page, page.getByRole('link', { name: text.wallet.csv }));
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,type,currency,amount,real,bonus,held,game,method,round');
    const cells = lines.slice(1).map((line) => line.split(','));
    expect(cells.filter((line) => line[1] === 'bet').map((line) => line[7])).toEqual(
      Array(played).fill(said.title),
    );
    expect(cells.filter((line) => line[1] === 'win')).toHaveLength(won);
    expect(cells.filter((line) => line[1] === 'win' && line[3] === '0.00')).toHaveLength(0);
    expect(cells.at(-1)?.slice(1, 4)).toEqual(['deposit', 'EUR', '50.00']);
    expect(cells.at(-1)?.[8]).toBe('card');
  });
});
