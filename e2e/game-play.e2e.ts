import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { copy } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';
import { backFromPayment, headerBalance, headerShowsBalance, payOnSandbox } from './harness/wallet.ts';

/**
 * A player deposits, then plays real-money rounds of every engine of the in-house studio inside the
 * game page's frame: each round's stake and win are booked in the wallet, the header follows, and a
 * played round is verified from its revealed seeds.
 */
const { url: baseUrl } = await sharedProduct('standard');
const text = copy.en;

interface Engine {
  game: string;
  /** Plays one round in the game's frame, as a player would. */
  play: (frame: FrameLocator) => Promise<void>;
}

const button = (frame: FrameLocator, name: string | RegExp) =>
  frame.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });

const engines: Engine[] = [
  { game: 'golden-drachma', play: (frame) => button(frame, 'Spin').click() },
  { game: 'midas-sevens', play: (frame) => button(frame, 'Spin').click() },
  {
    game: 'european-roulette',
    play: async (frame) => {
      await button(frame, /^Red, pays 1 to 1/).click();
      await button(frame, 'Spin').click();
    },
  },
  {
    game: 'classic-blackjack',
    play: async (frame) => {
      await button(frame, 'Deal').click();
      // A hand waiting for the player shows Stand; a blackjack on either side ends the hand at once,
      // and Stand never appears (isEnabled would wait for it: only a present button is asked).
      const stand = button(frame, 'Stand');
      const settled = frame.getByText(/^(Blackjack! Paid|Win: paid|Push:|Lost)/).first();
      const standReady = async () =>
        (await stand.count()) > 0 && (await stand.isEnabled({ timeout: 1_000 }).catch(() => false));
      await expect.poll(async () => (await standReady()) || (await settled.isVisible())).toBe(true);
      if (await standReady()) await stand.click();
    },
  },
  { game: 'hi-lo-dice', play: (frame) => button(frame, 'Roll').click() },
];

describe('real-money rounds through the game frame', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The player's wallet as the casino's API reports it. */
  const wallet = async () => {
    const accounts = (await (await context.request.get(`${baseUrl}/api/player/accounts`)).json()) as {
      currency: string;
      amount_cents: number;
      active: boolean;
    }[];
    const transactions = (await (
      await context.request.get(`${baseUrl}/api/player/transactions?kind=game&per_page=100`)
    ).json()) as {
      items: {
        kind: string;
        game_code: string | null;
        amount_cents: number;
        round_win_cents: number | null;
      }[];
    };
    return {
      balance: accounts.find((account) => account.active)?.amount_cents ?? 0,
      games: transactions.items,
    };
  };

  beforeAll(async () => {
    const email = uniqueAddress('player');
    const password = 'Lantern-Harbour-58';
    await createPlayer(baseUrl, { email, password, language: 'en', country: 'GR' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, baseUrl, email, password);
    page = await context.newPage();

    // Money first: €200 through the sandbox payment page.
    const started = await context.request.post(`${baseUrl}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 20_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await page.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(page, text, 'success', text.money(200));
    await backFromPayment(page, baseUrl, text);
    await headerShowsBalance(page, text, text.money(200));
    expect((await wallet()).balance).toBe(20_000);
  });
  afterAll(() => browser?.close());

  for (const engine of engines) {
    it(`plays a round of ${engine.game}: stake and win booked, the header following`, async () => {
      const before = await wallet();
      await page.goto(`${baseUrl}/game/${engine.game}?mode=real`);
      const frame = page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
      await frame
        .getByText(text.money(before.balance / 100))
        .first()
        .waitFor();

      await engine.play(frame);

      // The wallet booked the round: a bet of this game, closed by its win (of nothing, for a lost
      // round: the history then shows the bet alone, with what the round paid back).
      const booked = () =>
        wallet().then((now) =>
          now.games.some(
            (entry) =>
              entry.game_code === engine.game && entry.kind === 'bet' && entry.round_win_cents !== null,
          ),
        );
      await expect.poll(booked).toBe(true);
      const after = await wallet();
      expect(after.games.length).toBeGreaterThan(before.games.length);
      // The game tells the page; the header shows what the wallet holds.
      await expect.poll(() => headerBalance(page, text).textContent()).toBe(text.money(after.balance / 100));
    });
  }

  it('opens games in real money for a player with money, in demo for one without; Demo is a choice', async () => {
    const stage = (target: Page, mode: 'demo' | 'real') =>
      target.locator(`.game-stage[data-mode="${mode}"] iframe.game-stage__frame`);
    const modeButton = (target: Page, name: string) =>
      target.locator('.mode-switch').getByRole('button', { name, exact: true });

    // This player deposited €200: no switch to find before the rounds count.
    await page.goto(`${baseUrl}/game/golden-drachma`);
    await stage(page, 'real').waitFor();
    expect(await modeButton(page, 'Real money').getAttribute('aria-pressed')).toBe('true');
    // Demo stays theirs to choose, and the address keeps it through a reload.
    await modeButton(page, 'Demo').click();
    await stage(page, 'demo').waitFor();
    expect(new URL(page.url()).searchParams.get('mode')).toBe('demo');
    await page.reload();
    await stage(page, 'demo').waitFor();

    // Another player, with no money yet: the same game opens for fun.
    const email = uniqueAddress('no-money');
    const password = 'Lantern-Harbour-58';
    await createPlayer(baseUrl, { email, password, language: 'en', country: 'GR' });
    const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(otherContext, baseUrl, email, password);
    const other = await otherContext.newPage();
    await other.goto(`${baseUrl}/game/golden-drachma`);
    await stage(other, 'demo').waitFor();
    expect(await modeButton(other, 'Demo').getAttribute('aria-pressed')).toBe('true');
    await otherContext.close();
  });

  it('verifies a played round once its server seed is revealed', async () => {
    await page.goto(`${baseUrl}/game/hi-lo-dice?mode=real`);
    const frame = page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');
    await frame.getByRole('button', { name: 'Provably fair' }).first().click();
    await button(frame, 'Change seeds').click();
    await frame.getByText(/^Seeds changed\./).waitFor();
    await frame.getByRole('tab', { name: 'Last rounds' }).click();
    await frame
      .getByRole('button', { name: /^Verify round \d+$/ })
      .first()
      .click();
    await frame
      .getByText(/Match: the round recomputed from its seeds is exactly the round you played\./)
      .waitFor();
    await frame
      .getByText(/The revealed server seed matches the hash you were shown before playing\./)
      .waitFor();
  });
});
