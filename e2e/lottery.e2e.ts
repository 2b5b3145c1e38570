import { createHash } from 'node:crypto';
import { type LotteryDraw, lotteryApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt, apiOf } from './harness/api.ts';
import { productClock } from './harness/clock.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { backFromPayment, expectText, payOnSandbox } from './harness/wallet.ts';

/**
 * The weekly lottery in the browser (issue 18), English and Greek: deposits earn tickets (one per €20
 * deposited in the week, added up) that appear in the profile's lottery tab; then the test's clock
 * moves to Sunday 20:00 Athens time and runs the draw job, whose winners anyone can recompute from the
 * published seed and ticket list; the winners are paid real money and see the result in their
 * notifications and their lottery tab, each in their language.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('clock'), launchBrowser()]);
  // Players of other specs deposit on this product too, and so hold tickets of the week the clock is in:
  // this spec's players buy theirs in a week of their own, the next one.
  const overview = await apiAt(product.url)(lotteryApi.overview, {});
  if (!overview.ok) throw new Error(`lottery: ${overview.status}`);
  await productClock(product.url).moveTo(Date.parse(overview.body.current.draw_at) + 60_000);
});
afterAll(async () => {
  await Promise.all([browser?.close(), product?.giveBack()]);
});

const passphrase = 'a sturdy passphrase';

/** What the player reads, written out so the spec fails when the words change. */
const words = {
  en: {
    welcomeOffer: 'Yes, I want Welcome package',
    tab: 'Lottery',
    count: (n: number) => `Tickets: ${n} of 50`,
    next: (amount: string) => `Deposit ${amount} more for your next ticket.`,
    won: (place: number, prize: string) => `You won place ${place}: ${prize}`,
    notification: 'You won in the weekly lottery!',
    pageTitle: 'Weekly lottery',
    seedLabel: 'Seed fingerprint (SHA-256)',
    prize: (euros: number) => `€${euros.toLocaleString('en-GB')}.00`,
  },
  el: {
    welcomeOffer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    tab: 'Λαχειοφόρος',
    count: (n: number) => `Λαχεία: ${n} από 50`,
    next: (amount: string) => `Καταθέστε ακόμη ${amount} για το επόμενο λαχείο σας.`,
    won: (place: number, prize: string) => `Κερδίσατε τη θέση ${place}: ${prize}`,
    notification: 'Κερδίσατε στην εβδομαδιαία κλήρωση!',
    pageTitle: 'Εβδομαδιαία κλήρωση',
    seedLabel: 'Αποτύπωμα του σπόρου (SHA-256)',
    prize: (euros: number) => `${euros.toLocaleString('el-GR')},00\u00a0€`,
  },
} satisfies Record<Locale, unknown>;

const players = new Map<Locale, { context: BrowserContext; page: Page }>();
const playerApi = (context: BrowserContext) => apiOf(context, product.url, { 'user-agent': browserAgent });
const operatorHeaders = { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' };

async function realEuros(context: BrowserContext): Promise<number> {
  const accounts = await playerApi(context)(walletApi.accounts, {});
  if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
  return accounts.body.find((account) => account.currency === 'EUR')?.amount_cents ?? 0;
}

/** A deposit through the cashier's form without the welcome offer, credited before it returns. */
async function deposit(context: BrowserContext, page: Page, text: Copy, locale: Locale, euros: number) {
  const before = await realEuros(context);
  await visit(page, `${product.url}${text.prefix}/profile/wallet/deposit`);
  const offer = page.getByRole('checkbox', { name: words[locale].welcomeOffer });
  await page.getByLabel(text.wallet.amount('EUR')).waitFor();
  if ((await offer.count()) > 0 && (await offer.isChecked())) await offer.uncheck();
  await page.getByLabel(text.wallet.amount('EUR')).fill(String(euros));
  await page.getByRole('button', { name: text.wallet.depositAmount(text.money(euros)), exact: true }).click();
  await payOnSandbox(page, text, 'success', text.money(euros));
  await backFromPayment(page, product.url, text);
  await expect.poll(() => realEuros(context)).toBe(before + euros * 100);
}

/** The draw's rule, written out from the lottery page's copy: anyone's recomputation. */
function recompute(seed: string, tickets: { number: number; owner: string }[]) {
  const sorted = [...tickets].sort((a, b) => a.number - b.number);
  const owners = new Set(sorted.map((ticket) => ticket.owner)).size;
  const winners: { place: number; ticket: number; owner: string }[] = [];
  const won = new Set<string>();
  for (let k = 0; winners.length < Math.min(10, owners); k++) {
    const value = BigInt(`0x${createHash('sha256').update(`${seed}:${k}`).digest('hex')}`);
    const ticket = sorted[Number(value % BigInt(sorted.length))];
    if (!ticket || won.has(ticket.owner)) continue;
    won.add(ticket.owner);
    winners.push({ place: winners.length + 1, ticket: ticket.number, owner: ticket.owner });
  }
  return winners;
}

describe.each(locales)('lottery tickets from deposits (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];

  it('gives a ticket per €20 deposited in the week, shown in the profile’s lottery tab', async () => {
    const address = uniqueAddress(`lottery-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, address, passphrase);
    const page = await context.newPage();
    players.set(locale, { context, page });

    await deposit(context, page, text, locale, 30);
    await page.goto(`${product.url}${text.prefix}/profile/lottery`);
    await page.getByRole('link', { name: word.tab, exact: true }).waitFor();
    await expectText(page.locator('[data-lottery-tickets] [data-lottery-count]'), word.count(1));
    await page.getByText(word.next(text.money(10)), { exact: true }).waitFor();

    // €30 and then €10 make €40: a second ticket.
    await deposit(context, page, text, locale, 10);
    await page.goto(`${product.url}${text.prefix}/profile/lottery`);
    await expectText(page.locator('[data-lottery-tickets] [data-lottery-count]'), word.count(2));
    expect(await page.locator('[data-lottery-tickets] [data-ticket]').count()).toBe(2);
  });
});

describe('the Sunday draw', () => {
  it('runs on the test clock, pays winners anyone can recompute, and tells them in their language', async () => {
    const api = apiAt(product.url);
    const overview = await api(lotteryApi.overview, {});
    if (!overview.ok) throw new Error(`lottery: ${overview.status}`);
    const { current } = overview.body;
    expect(current.tickets).toBe(4);
    expect(current.seed).toBeNull();
    const before = new Map<Locale, number>();
    for (const [locale, { context }] of players) before.set(locale, await realEuros(context));

    // The lottery page shows the committed seed's hash before ticket sales close, in each language.
    for (const [locale, { page }] of players) {
      const text = copy[locale];
      await page.goto(`${product.url}${text.prefix}/lottery`);
      await page.getByRole('heading', { level: 1, name: words[locale].pageTitle, exact: true }).waitFor();
      await page.getByText(words[locale].seedLabel).waitFor();
      await expectText(page.locator(`[data-draw="${current.id}"] [data-seed-hash]`), current.seed_hash);
    }

    // Sunday 20:00 in Athens has come: the clock moves there and the draw job runs.
    const moved = await fetch(`${product.url}/api/test/clock`, {
      method: 'PUT',
      headers: operatorHeaders,
      body: JSON.stringify({ now: new Date(Date.parse(current.draw_at) + 60_000).toISOString() }),
    });
    expect(moved.status).toBe(200);
    const ran = await fetch(`${product.url}/api/test/jobs/lottery.draw`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(ran.status).toBe(200);

    const answer = await api(lotteryApi.draw, { params: { id: current.id } });
    if (!answer.ok) throw new Error(`draw: ${answer.status}`);
    const draw: LotteryDraw = answer.body;
    expect(draw.drawn_at).not.toBeNull();
    expect(
      createHash('sha256')
        .update(draw.seed ?? '')
        .digest('hex'),
    ).toBe(current.seed_hash);
    expect(draw.ticket_list).toHaveLength(4);
    // Two players, so two places: the ones the public data give.
    const recomputed = recompute(draw.seed ?? '', draw.ticket_list);
    expect(recomputed).toHaveLength(2);
    expect(draw.winners.map(({ place, ticket, owner }) => ({ place, ticket, owner }))).toEqual(recomputed);

    for (const [locale, { context, page }] of players) {
      const text = copy[locale];
      const word = words[locale];
      const mine = await playerApi(context)(lotteryApi.player, {});
      if (!mine.ok) throw new Error(`player lottery: ${mine.status}`);
      const prize = mine.body.history.find((entry) => entry.draw_id === current.id)?.prize;
      if (!prize) throw new Error(`the ${locale} player holds a ticket and was not drawn`);
      const euros = prize.place === 1 ? 1_000 : 500;
      expect(prize).toMatchObject({ kind: 'cash', currency: 'EUR', amount: euros * 100 });
      // Real money, at once.
      expect(await realEuros(context)).toBe((before.get(locale) ?? 0) + euros * 100);

      await page.goto(`${product.url}${text.prefix}/profile/lottery`);
      await page.getByText(word.won(prize.place, word.prize(euros)), { exact: false }).waitFor();
      // The lottery page lists the draw with its revealed seed and the winning tickets.
      await page.goto(`${product.url}${text.prefix}/lottery`);
      const past = page.locator(`[data-past-draw="${current.id}"]`);
      await expectText(past.locator('[data-seed]'), draw.seed ?? '');
      expect(
        await past
          .locator('[data-winner-ticket]')
          .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-winner-ticket')))),
      ).toEqual(draw.winners.map((winner) => winner.ticket));
      await page.goto(`${product.url}${text.prefix}/notifications`);
      await page.getByText(word.notification, { exact: true }).first().waitFor();
    }
  });
});
