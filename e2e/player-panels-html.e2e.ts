import { readFile } from 'node:fs/promises';
import { loyaltyOperatorApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser, patience } from './browser.ts';
import { apiAt } from './harness/api.ts';
import { copy, type Locale } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { depositOnSandbox } from './harness/wallet.ts';

/**
 * The loyalty, lottery and verification pages arrive whole (issue 35): the server's HTML of each already
 * holds the player's own comp points, lottery tickets and documents, read here with JavaScript off, so
 * nothing the browser fetches could have filled it. Two players whose data differ, one reading in English
 * and one in Greek, each see only their own: A has 1,200 points, two tickets and a passport being
 * checked; B has 300 points, one ticket, and is verified.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const passphrase = 'a sturdy passphrase';
const passport = new URL('./fixtures/passport.jpg', import.meta.url);
const operator = { authorization: `Bearer ${operatorToken}` };

/** What the player reads, written out so the spec fails when the words change. */
const words = {
  en: {
    level: 'Level:',
    count: (n: number) => `Tickets: ${n} of 50`,
    notVerified: 'Your identity is not verified yet.',
    verified: 'Your identity is verified. Large withdrawals and deposits are open to you.',
    checking: 'Being checked',
    none: "You haven't uploaded any documents yet.",
    number: (n: number) => n.toLocaleString('en-GB'),
  },
  el: {
    level: 'Επίπεδο:',
    count: (n: number) => `Λαχεία: ${n} από 50`,
    notVerified: 'Η ταυτότητά σας δεν έχει επαληθευτεί ακόμη.',
    verified:
      'Η ταυτότητά σας έχει επαληθευτεί. Οι μεγάλες αναλήψεις και καταθέσεις είναι διαθέσιμες για εσάς.',
    checking: 'Υπό έλεγχο',
    none: 'Δεν έχετε ανεβάσει ακόμη έγγραφα.',
    number: (n: number) => n.toLocaleString('el-GR'),
  },
} satisfies Record<Locale, unknown>;

interface Holder {
  locale: Locale;
  context: BrowserContext;
  /** The same player with JavaScript off: what the server sent, as a player's browser shows it. */
  bare: BrowserContext;
  points: number;
  /** Their ticket numbers this week, as the API gives them. */
  tickets: number[];
  /** The names of the documents they sent, and whether the operator approved them. */
  documents: string[];
  verified: boolean;
}

/** A document sent as the player (multipart, as the verification page's upload). */
async function upload(context: BrowserContext, kind: string, name: string): Promise<string> {
  const sent = await context.request.post(`${product.url}/api/player/documents`, {
    headers: { origin: product.url },
    multipart: { kind, file: { name, mimeType: 'image/jpeg', buffer: await readFile(passport) } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

/**
 * A player (signed in through the API) granted `points` comp points by the operator, who deposits
 * `euros` (a lottery ticket per €20) and sends `documents` (approved when `verified`).
 */
async function holder(
  locale: Locale,
  label: string,
  points: number,
  euros: number,
  documents: { kind: string; name: string }[],
  verified: boolean,
): Promise<Holder> {
  const address = uniqueAddress(`${label}-${locale}`);
  // The sandbox's card page speaks the player's language; the pages below are read in `locale`.
  await createPlayer(product.url, { email: address, password: passphrase, language: 'en', country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, address, passphrase);
  const me = (await (await context.request.get(`${product.url}/api/player`)).json()) as { id: string };

  const granted = await apiAt(product.url, operator)(loyaltyOperatorApi.grantPoints, {
    params: { id: me.id },
    body: { points, reason: 'e2e server HTML', key: `e2e-html-${me.id}` },
  });
  expect(granted.ok).toBe(true);

  await depositOnSandbox(context, await context.newPage(), product.url, euros);
  const tickets = await readTickets(context, euros / 20);

  const ids: string[] = [];
  for (const { kind, name } of documents) ids.push(await upload(context, kind, name));
  if (verified) {
    for (const id of ids) {
      const approved = await context.request.post(`${product.url}/api/operator/documents/${id}/approve`, {
        headers: operator,
      });
      expect(approved.status()).toBe(200);
    }
  }

  const bare = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  return { locale, context, bare, points, tickets, documents: documents.map((d) => d.name), verified };
}

/** The player's tickets this week, once the deposit's `count` tickets are given (as its webhook is handled). */
async function readTickets(context: BrowserContext, count: number): Promise<number[]> {
  return vi.waitFor(
    async () => {
      const answer = await context.request.get(`${product.url}/api/player/lottery`);
      const tickets = ((await answer.json()) as { current: { tickets: number[] } }).current.tickets;
      if (tickets.length !== count) throw new Error(`${tickets.length} tickets, not ${count}`);
      return tickets;
    },
    { timeout: patience, interval: 100 },
  );
}

describe("the loyalty, lottery and verification pages in the server's HTML", () => {
  const holders: Record<'a' | 'b', Holder> = {} as never;

  beforeAll(async () => {
    [holders.a, holders.b] = await Promise.all([
      holder('en', 'panels-a', 1_200, 40, [{ kind: 'identity', name: 'passport.jpg' }], false),
      holder(
        'el',
        'panels-b',
        300,
        20,
        [
          { kind: 'identity', name: 'identity-card.jpg' },
          { kind: 'address', name: 'utility-bill.jpg' },
        ],
        true,
      ),
    ]);
  });
  afterAll(async () => {
    for (const one of Object.values(holders)) {
      await one?.bare.close();
      await one?.context.close();
    }
  });

  /** A page as the server sent it to a player, JavaScript off. */
  async function serverPage(one: Holder, to: string): Promise<Page> {
    const page = await one.bare.newPage();
    const answer = await page.goto(`${product.url}${copy[one.locale].prefix}${to}`);
    expect(answer?.status()).toBe(200);
    return page;
  }

  const cases = [
    { who: 'a', other: 'b' },
    { who: 'b', other: 'a' },
  ] as const;

  it.each(cases)('shows player $who their own comp points on the loyalty tab and page', async (c) => {
    const one = holders[c.who];
    const word = words[one.locale];
    for (const to of ['/profile/loyalty', '/loyalty']) {
      const page = await serverPage(one, to);
      const shown = page.locator('[data-comp-points]');
      expect(await shown.count()).toBe(1);
      expect(await shown.getAttribute('data-comp-points')).toBe(String(one.points));
      expect(await shown.textContent()).toBe(word.number(one.points));
      expect(await page.locator('.loyalty-card__level').textContent()).toMatch(new RegExp(`^${word.level} `));
      expect(await page.locator(`[data-comp-points="${holders[c.other].points}"]`).count()).toBe(0);
      await page.close();
    }
  });

  it.each(cases)("shows player $who their own lottery tickets and never the other's", async (c) => {
    const one = holders[c.who];
    const word = words[one.locale];
    const tab = await serverPage(one, '/profile/lottery');
    expect(await tab.locator('[data-lottery-count]').textContent()).toBe(word.count(one.tickets.length));
    const numbers = (await tab.locator('[data-ticket]').allTextContents()).map(Number);
    expect(numbers.sort((x, y) => x - y)).toEqual([...one.tickets].sort((x, y) => x - y));
    for (const theirs of holders[c.other].tickets) {
      expect(await tab.locator(`[data-ticket="${theirs}"]`).count()).toBe(0);
    }
    const page = await serverPage(one, '/lottery');
    const yours = page.locator('[data-lottery-yours] [data-lottery-count]');
    expect(await yours.textContent()).toBe(word.count(one.tickets.length));
    expect(await page.locator('[data-seed-hash]').count()).toBe(1);
  });

  it.each(cases)('shows player $who their own verification state and documents', async (c) => {
    const one = holders[c.who];
    const word = words[one.locale];
    const page = await serverPage(one, '/profile/general/verification');
    expect(await page.getByTestId('verification-state').textContent()).toBe(
      one.verified ? word.verified : word.notVerified,
    );
    const documents = page.locator('.verification__document');
    expect(await documents.locator('.verification__file').allTextContents()).toEqual(
      expect.arrayContaining(one.documents),
    );
    expect(await documents.count()).toBe(one.documents.length);
    if (!one.verified) expect(await documents.filter({ hasText: word.checking }).count()).toBe(1);
    for (const theirs of holders[c.other].documents) {
      expect(await page.getByText(theirs, { exact: true }).count()).toBe(0);
    }
    expect(await page.getByText(word.none, { exact: true }).count()).toBe(0);
  });
});
