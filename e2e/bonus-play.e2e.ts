import { bonusesApi, bonusOperatorApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt, apiOf } from './harness/api.ts';
import { type Copy, copy, type Locale, locales } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import {
  backFromPayment,
  expectPaymentOutcome,
  expectText,
  headerBalance,
  headerShowsBalance,
  payOnSandbox,
} from './harness/wallet.ts';

/**
 * Playing with the bonus engine in the browser (issue 16): a stake over the running bonus's maximum
 * bet is refused in the game with the limit message and nothing taken, while a €5 stake plays; the
 * DRACHMA10 coupon's ten free spins are played in Golden Drachma, the game counting them and saying
 * when they are over, their winnings becoming a bonus with 30× wagering; the weekend reload is offered
 * in the cashier only on its weekdays, counted in Athens. In English and in Greek.
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

/** What the player reads, written out (the studio client's words in the game frame) so a spec fails when they change. */
const words = {
  en: {
    welcomeOffer: 'Yes, I want Welcome package',
    reloadOffer: 'Yes, I want Weekend reload',
    stake: 'Stake',
    spin: 'Spin',
    limitReached:
      'This stake is over a limit on your account: the maximum bet of your running bonus, or a limit you set. No stake was taken.',
    coupon: 'Coupon code',
    redeem: 'Redeem',
    drachmaSpins: '10 free spins on Golden Drachma',
    play: 'Play',
    freeSpinOf: (number: number) => `Free spin ${number} of 10`,
    over: (amount: string) => `Free spins over: they won ${amount} in bonus money.`,
    overNothing: 'Free spins over: no win this time.',
    noFreespins: 'No free spins to play right now.',
    split: (real: string, bonus: string) => `Real ${real} · Bonus ${bonus}`,
  },
  el: {
    welcomeOffer: 'Ναι, θέλω το Πακέτο καλωσορίσματος',
    reloadOffer: 'Ναι, θέλω το Επαναφόρτιση Σαββατοκύριακου',
    stake: 'Ποντάρισμα',
    spin: 'Γύρισμα',
    limitReached:
      'Αυτό το ποντάρισμα ξεπερνά ένα όριο του λογαριασμού σας: το μέγιστο ποντάρισμα του ενεργού σας μπόνους ή ένα όριο που ορίσατε. Δεν χρεώθηκε τίποτα.',
    coupon: 'Κωδικός κουπονιού',
    redeem: 'Εξαργύρωση',
    drachmaSpins: '10 δωρεάν περιστροφές στη Χρυσή Δραχμή',
    play: 'Παίξτε',
    freeSpinOf: (number: number) => `Δωρεάν περιστροφή ${number} από 10`,
    over: (amount: string) => `Οι δωρεάν περιστροφές τελείωσαν: κέρδισαν ${amount} σε χρήματα μπόνους.`,
    overNothing: 'Οι δωρεάν περιστροφές τελείωσαν: αυτή τη φορά χωρίς κέρδος.',
    noFreespins: 'Δεν έχετε δωρεάν περιστροφές για παιχνίδι αυτή τη στιγμή.',
    split: (real: string, bonus: string) => `Πραγματικά ${real} · Μπόνους ${bonus}`,
  },
} satisfies Record<Locale, unknown>;

async function signedIn(label: string, locale: Locale) {
  const address = uniqueAddress(`${label}-${locale}`);
  await createPlayer(product.url, { email: address, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, product.url, address, passphrase);
  return { context, page: await context.newPage() };
}

const playerApi = (context: BrowserContext) => apiOf(context, product.url, { 'user-agent': browserAgent });
const operatorApi = () => apiAt(product.url, { authorization: `Bearer ${operatorToken}` });

/** The player's EUR money and bonus money, in cents, as the wallet reports them. */
async function euros(context: BrowserContext) {
  const accounts = await playerApi(context)(walletApi.accounts, {});
  if (!accounts.ok) throw new Error(`accounts: ${accounts.status}`);
  const eur = accounts.body.find((account) => account.currency === 'EUR');
  return { total: eur?.amount_cents ?? 0, bonus: eur?.bonus_cents ?? 0 };
}

/** The player's game transactions, newest first. */
async function gameEntries(context: BrowserContext) {
  const answer = await context.request.get(`${product.url}/api/player/transactions?kind=game&per_page=100`);
  const body = (await answer.json()) as {
    items: { kind: string; game_code: string | null; amount_cents: number }[];
  };
  return body.items;
}

/**
 * A deposit through the cashier's form with the welcome offer it shows unticked, credited before it
 * returns.
 */
async function depositWithoutBonus(context: BrowserContext, page: Page, text: Copy, welcomeOffer: string) {
  await visit(page, `${product.url}${text.prefix}/profile/wallet/deposit`);
  const offer = page.getByRole('checkbox', { name: welcomeOffer });
  await offer.waitFor();
  if (await offer.isChecked()) await offer.uncheck();
  await page.getByLabel(text.wallet.amount('EUR')).fill('30');
  await page.getByRole('button', { name: text.wallet.depositAmount(text.money(30)), exact: true }).click();
  await payOnSandbox(page, text, 'success', text.money(30));
  await backFromPayment(page, product.url, text);
  await headerShowsBalance(page, text, text.money(30));
  expect((await euros(context)).total).toBe(30_00);
}

const gameFrame = (page: Page): FrameLocator =>
  page.frameLocator('.game-stage[data-mode="real"] iframe.game-stage__frame');

/** Today's ISO weekday (1 Monday … 7 Sunday) in Athens, the time zone of the campaign's eligibility. */
function athensWeekday(): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Athens', weekday: 'short' }).format(
    new Date(),
  );
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

describe.each(locales)('playing with bonuses (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const { money } = text;
  const path = (to: string) => `${product.url}${text.prefix}${to}`;

  describe('the running bonus’s maximum bet', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedIn('max-bet', locale));
    });
    afterAll(() => context?.close());

    it('refuses a stake over €5 in the game with the limit message, taking nothing, and plays a €5 stake', async () => {
      // The welcome package with a €100 deposit: its bonus allows €5 a round.
      await visit(page, path('/profile/wallet/deposit?bonus=welcome-package'));
      const offer = page.getByRole('checkbox', { name: word.welcomeOffer });
      await expect.poll(() => offer.isChecked()).toBe(true);
      await page.getByLabel(text.wallet.amount('EUR')).fill('100');
      await page.getByRole('button', { name: text.wallet.depositAmount(money(100)), exact: true }).click();
      await payOnSandbox(page, text, 'success', money(100));
      await backFromPayment(page, product.url, text);
      await expectPaymentOutcome(page, text.wallet.succeeded, text.wallet.succeededText(money(100)));
      await expectText(headerBalance(page, text), money(200));

      await page.goto(path('/game/golden-drachma?mode=real'));
      const frame = gameFrame(page);
      await frame.getByText(money(200)).first().waitFor();
      const stake = frame.getByRole('combobox', { name: word.stake, exact: true });
      const spin = frame.getByRole('button', { name: word.spin, exact: true });

      // The stake selector offers €5 and then €10: €10 is over the bonus's maximum bet.
      await stake.selectOption('1000');
      await spin.click();
      await frame.getByRole('alert').getByText(word.limitReached, { exact: true }).waitFor();
      expect(await euros(context)).toEqual({ total: 200_00, bonus: 100_00 });
      expect(await gameEntries(context)).toEqual([]);
      await expectText(headerBalance(page, text), money(200));

      await stake.selectOption('500');
      await spin.click();
      await expect
        .poll(async () =>
          (await gameEntries(context)).some(
            (entry) =>
              entry.kind === 'bet' && entry.game_code === 'golden-drachma' && entry.amount_cents === -500,
          ),
        )
        .toBe(true);
    });
  });

  describe('free spins from a coupon', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await signedIn('free-spins', locale));
    });
    afterAll(() => context?.close());
    it('plays the ten free spins of DRACHMA10 in Golden Drachma; their winnings become bonus money wagered 30×', async () => {
      await visit(page, path('/profile/bonuses'));
      await page.getByLabel(word.coupon).fill('DRACHMA10');
      await page.getByRole('button', { name: word.redeem, exact: true }).click();
      const card = page.locator('[data-freespin]').filter({ hasText: word.drachmaSpins });
      await card.getByRole('button', { name: word.play, exact: true }).click();

      await page.waitForURL((url) => url.pathname.startsWith(`${text.prefix}/game/golden-drachma`), {});
      const frame = gameFrame(page);
      const spin = frame.getByRole('button', { name: word.spin, exact: true });
      for (let number = 1; number <= 10; number++) {
        await frame.getByText(word.freeSpinOf(number), { exact: true }).waitFor();
        await spin.click();
      }
      const over = frame.locator('[data-testid="freespins"]');
      await expect
        .poll(async () => (await over.textContent()) ?? '')
        .toMatch(locale === 'en' ? /^Free spins over: / : /^Οι δωρεάν περιστροφές τελείωσαν: /);

      const listed = await playerApi(context)(bonusesApi.list, {});
      if (!listed.ok) throw new Error(`bonuses: ${listed.status}`);
      const winnings = listed.body.filter((bonus) => bonus.kind === 'freespin_winnings');
      const won = winnings.reduce((sum, bonus) => sum + bonus.amount_cents, 0);
      expect(await over.textContent()).toBe(won > 0 ? word.over(money(won / 100)) : word.overNothing);

      // Back on the bonus tab the spins are played: none left to play.
      await page.goto(path('/profile/bonuses'));
      await page.getByText(word.noFreespins, { exact: true }).waitFor();
      expect(await card.count()).toBe(0);
      if (won > 0) {
        expect(winnings).toHaveLength(1);
        const [bonus] = winnings;
        expect(bonus?.wagering_required_cents).toBe(30 * won);
        expect(bonus?.stage).toBe('activated');
        // The header's bonus money is what the spins won; the player has no real money.
        await expectText(page.locator('[data-balance-split]'), word.split(money(0), money(won / 100)));
      } else {
        expect(winnings).toEqual([]);
        expect((await euros(context)).bonus).toBe(0);
      }
    });
  });

  describe('the weekend reload’s days', () => {
    let context: BrowserContext;
    let page: Page;
    let seeded: {
      kind: 'deposit' | 'no_deposit' | 'freespins' | 'lootbox';
      code: string | null;
      title: { en: string; el: string };
      terms: Record<string, unknown>;
      active: boolean;
      starts_at: string | null;
      ends_at: string | null;
    };
    beforeAll(async () => {
      ({ context, page } = await signedIn('reload', locale));
      const campaigns = await operatorApi()(bonusOperatorApi.campaigns, {});
      if (!campaigns.ok) throw new Error(`campaigns: ${campaigns.status}`);
      const reload = campaigns.body.find((campaign) => campaign.id === 'weekend-reload');
      if (!reload) throw new Error('no weekend-reload campaign');
      const { kind, code, title, terms, active, starts_at, ends_at } = reload;
      seeded = { kind, code, title, terms, active, starts_at, ends_at };
      // One earlier deposit: the reload is for players who have deposited before.
      await depositWithoutBonus(context, page, text, word.welcomeOffer);
    });
    afterAll(async () => {
      // The seeded terms back, so other specs see the campaign as it was.
      if (seeded) {
        const restored = await operatorApi()(bonusOperatorApi.putCampaign, {
          params: { id: 'weekend-reload' },
          body: seeded,
        });
        expect(restored.ok).toBe(true);
      }
      await context?.close();
    });

    const withWeekdays = async (weekdays: number[]) => {
      const eligibility = (seeded.terms.eligibility ?? {}) as Record<string, unknown>;
      const answer = await operatorApi()(bonusOperatorApi.putCampaign, {
        params: { id: 'weekend-reload' },
        body: { ...seeded, terms: { ...seeded.terms, eligibility: { ...eligibility, weekdays } } },
      });
      expect(answer.ok).toBe(true);
    };

    /**
     * Opens the deposit form (its loader reads the offers on the server) and gives the offers the player
     * is made today, as the API answers them.
     */
    const openDepositForm = async () => {
      await page.goto(path('/profile/wallet/deposit'));
      await page.getByLabel(text.wallet.amount('EUR')).waitFor();
      const answer = await page.request.get(`${product.url}/api/player/deposit_offers?currency=EUR`);
      const read = (await answer.json()) as { campaign: string }[];
      return read.map((offer) => offer.campaign);
    };

    it('is offered in the deposit form on its day in Athens', async () => {
      await withWeekdays([athensWeekday()]);
      expect(await openDepositForm()).toContain('weekend-reload');
      await page.getByRole('checkbox', { name: word.reloadOffer }).waitFor();
    });

    it('is not offered on the other six days', async () => {
      const today = athensWeekday();
      await withWeekdays([1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today));
      expect(await openDepositForm()).not.toContain('weekend-reload');
      expect(await page.getByRole('checkbox', { name: word.reloadOffer }).count()).toBe(0);
      expect(await page.locator('[data-deposit-offers]').count()).toBe(0);
    });
  });
});
