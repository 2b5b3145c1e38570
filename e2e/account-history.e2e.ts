import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectText, headerShowsBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * The account history players are owed (UK Gambling Commission RTS 1), in the browser: the period's
 * win/loss and the lifetime net deposits above the transactions, a round opened with its stake, win
 * and balances and verified on /provably-fair from the link, and a withdrawal's timeline moving from
 * requested to approved when an operator approves it, pushed to the open page. On a phone (390×844)
 * the totals stack and the dialog and timeline fit the screen.
 */
const { url: baseUrl } = await sharedProduct('standard');

const words = {
  en: {
    winLoss: 'Win/loss',
    netDeposits: 'Net deposits',
    roundDetails: 'Round details',
    close: 'Close',
    openRound: /^Round details: Golden Drachma, /,
    stake: 'Stake',
    verify: 'Verify this round',
    hashesAgree: 'Both hashes agree.',
    paysAsPaid: (minor: number) =>
      `This is the round you played: recomputed from its seeds it pays ${minor.toLocaleString('en-GB')} minor units, as it paid you.`,
    timeline: 'Progress of the withdrawal',
    expected: 'expected by',
  },
  el: {
    winLoss: 'Κέρδη/ζημίες',
    netDeposits: 'Καθαρές καταθέσεις',
    roundDetails: 'Λεπτομέρειες γύρου',
    close: 'Κλείσιμο',
    openRound: /^Λεπτομέρειες γύρου: Χρυσή Δραχμή, /,
    stake: 'Ποντάρισμα',
    verify: 'Επαληθεύστε τον γύρο',
    hashesAgree: 'Τα δύο hash συμφωνούν.',
    paysAsPaid: (minor: number) =>
      `Αυτός είναι ο γύρος που παίξατε: υπολογισμένος ξανά από τα seeds του πληρώνει ${minor.toLocaleString('el-GR')} λεπτά, όσο σας πλήρωσε.`,
    timeline: 'Πρόοδος της ανάληψης',
    expected: 'αναμένεται έως',
  },
} as const;

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe.each(locales)('the account history a player is owed (%s)', (locale) => {
  const text = copy[locale];
  const said = words[locale];
  const path = (to: string) => `${baseUrl}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;
  const rounds: { stake: number; payout: number }[] = [];

  beforeAll(async () => {
    const email = uniqueAddress(`rts-${locale}`);
    const password = 'Lantern-Harbour-58';
    await createPlayer(baseUrl, { email, password, language: locale, country: 'GR' });
    context = await browser.newContext({ viewport: desktop, locale: 'en-GB' });
    await signInContext(context, baseUrl, email, password);
    page = await context.newPage();

    // €250 through the sandbox payment page: two withdrawals of €100 follow.
    const started = await context.request.post(`${baseUrl}/api/payments/deposits`, {
      headers: { 'accept-language': locale },
      data: { currency: 'EUR', amount_cents: 25_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await page.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(page, text, 'success', text.money(250));
    await backFromPayment(page, baseUrl, text);
    await headerShowsBalance(page, text, text.money(250));

    // Two real-money spins of Golden Drachma as its game client plays them, then a new client seed,
    // which reveals the server seed they were played with.
    const launch = await context.request.get(
      `${baseUrl}/api/games/launch_options/chrysos-originals/golden-drachma?mode=real&locale=${locale}`,
      { headers: { accept: 'application/vnd.s.v2+json' } },
    );
    const session = new URL((await launch.json()).game_url, baseUrl).searchParams.get('session') ?? '';
    for (let n = 0; n < 2; n++) {
      const round = await context.request.post(`${baseUrl}/games-api/rounds`, {
        headers: { 'x-studio-session': session },
        data: { bet: { stake: 100 } },
      });
      expect(round.status()).toBe(200);
      rounds.push({ stake: 100, payout: ((await round.json()) as { payout: number }).payout });
    }
    const rotated = await context.request.put(`${baseUrl}/games-api/seeds`, {
      headers: { 'x-studio-session': session },
      data: { client_seed: `rts-${locale}` },
    });
    expect(rotated.status()).toBe(200);
  });
  afterAll(() => context?.close());

  it('shows the win/loss and the net deposits above the transactions', async () => {
    await page.setViewportSize(desktop);
    await visit(page, path('/profile/wallet/transactions'));
    const won = rounds.reduce((sum, round) => sum + round.payout, 0);
    const area = page.locator('.history-totals');
    await expectText(area.locator('[data-total="win-loss"]'), text.signed((won - 200) / 100));
    await expectText(area.locator('[data-total="net-deposits"]'), text.signed(250));
    await area.getByText(said.winLoss, { exact: true }).waitFor();
    await area.getByText(said.netDeposits, { exact: true }).waitFor();
    // Side by side on a desktop, one above the other on a phone.
    const figures = area.locator('.history-totals__figure');
    const [first, second] = [await figures.nth(0).boundingBox(), await figures.nth(1).boundingBox()];
    expect(second?.y).toBe(first?.y);
    await page.setViewportSize(phone);
    const [left, below] = [await figures.nth(0).boundingBox(), await figures.nth(1).boundingBox()];
    expect(below?.x).toBe(left?.x);
    expect(below?.y ?? 0).toBeGreaterThan(left?.y ?? 0);
  });

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ] as const)("opens a round's detail and verifies it from the link (%s)", async (_width, viewport) => {
    await page.setViewportSize(viewport);
    await visit(page, path('/profile/wallet/transactions'));
    const open = page.getByRole('button', { name: said.openRound }).first();
    await open.waitFor();
    // Keyboard: the button is reached and pressed like any other.
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: said.roundDetails });
    await dialog.waitFor();
    await dialog.getByText(said.stake, { exact: true }).waitFor();
    // Focus is in the dialog, on its Close button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(said.close);
    await expectText(dialog.locator('[data-fact="stake"]'), text.money(1));
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width).toBe(true);
    // Escape closes it and the page is as it was.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await open.click();
    await dialog.getByRole('link', { name: said.verify }).click();
    await page.waitForURL((url) => url.pathname === `${text.prefix}/provably-fair`);
    await page.getByText(said.hashesAgree, { exact: false }).first().waitFor();
    const verdict = page.locator('[data-verdict]');
    expect(await verdict.getAttribute('data-verdict')).toBe('same');
    expect(rounds.map((round) => said.paysAsPaid(round.payout))).toContain(await verdict.textContent());
  });

  it.each([
    ['desktop', desktop],
    ['phone', phone],
  ] as const)(
    "moves a withdrawal's timeline to approved when an operator approves it (%s)",
    async (_width, viewport) => {
      await page.setViewportSize(viewport);
      await visit(page, path('/profile/wallet/withdrawal'));
      // €100 and more waits for an operator (the default threshold).
      await page.getByRole('button', { name: text.money(100), exact: true }).click();
      await page
        .getByRole('button', { name: text.wallet.withdrawAmount(text.money(100)), exact: true })
        .click();
      const pending = page.getByRole('region', { name: text.wallet.pendingTitle });
      const timeline = pending.getByRole('list', { name: said.timeline });
      await timeline.waitFor();
      expect(await timeline.locator('[data-step="requested"]').getAttribute('data-state')).toBe('done');
      const approval = timeline.locator('[data-step="approved"]');
      expect(await approval.getAttribute('data-state')).toBe('next');
      expect(await approval.textContent()).toContain(said.expected);
      const steps = timeline.locator('li');
      const [one, two] = [await steps.nth(0).boundingBox(), await steps.nth(1).boundingBox()];
      // In a row on a desktop, one under the other on a phone.
      if (viewport === phone) expect(two?.y ?? 0).toBeGreaterThan(one?.y ?? 0);
      else expect(two?.y).toBe(one?.y);

      const player = (await (await page.request.get(`${baseUrl}/api/player`)).json()) as { id: string };
      const operator = { authorization: `Bearer ${operatorToken}` };
      const awaiting = (await (
        await page.request.get(`${baseUrl}/api/operator/withdrawals`, { headers: operator })
      ).json()) as { id: string; player_id: string }[];
      const withdrawal = awaiting.find((payment) => payment.player_id === player.id);
      if (!withdrawal) throw new Error('the withdrawal is not awaiting approval');
      const approved = await page.request.post(
        `${baseUrl}/api/operator/withdrawals/${withdrawal.id}/approve`,
        {
          headers: operator,
        },
      );
      expect(approved.status()).toBe(200);

      // Pushed on the player's channel: sooner than the 10 s the balances are read in when it is down.
      const recent = page.getByRole('region', { name: text.wallet.recentTitle });
      await recent
        .getByRole('list', { name: said.timeline })
        .first()
        .locator('[data-step="approved"][data-state="done"]')
        .waitFor({ timeout: 8_000 });
    },
  );
});
