import { readFile } from 'node:fs/promises';
import { cashierApi, walletApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { copy, type Locale, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { testCards } from './harness/wallet.ts';

/**
 * Identity verification in the browser (issue 17): a player with €2,500 is told on the withdrawal form
 * that €2,000 or more needs their identity verified, and a €2,500 withdrawal is refused; on
 * /profile/general/verification they upload a passport photo (file input) and a proof of address
 * (dropped on its box), see both being checked; the operator approves them through the operator API;
 * the page says they are verified and the €2,500 withdrawal goes through (awaiting approval as any
 * large withdrawal). In English and in Greek.
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

const words = {
  en: {
    title: 'Verification',
    tab: 'Verification',
    notVerified: 'Your identity is not verified yet.',
    verified: 'Your identity is verified. Large withdrawals and deposits are open to you.',
    identity: 'Identity document',
    address: 'Proof of address',
    checking: 'Being checked',
    approved: 'Approved',
    uploaded: (name: string) => `${name} is uploaded. We'll let you know once it's checked.`,
    withdrawalNeeds: (amount: string) => `Withdrawals of ${amount} or more need your identity verified.`,
    whyWithdrawal: (amount: string) => `A withdrawal of ${amount} or more needs your identity verified.`,
    refused:
      'We need to verify your identity before this payment. Upload your identity document and a proof of address under Verification in your profile.',
    thousands: (units: number) => `€${units.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`,
  },
  el: {
    title: 'Επαλήθευση',
    tab: 'Επαλήθευση',
    notVerified: 'Η ταυτότητά σας δεν έχει επαληθευτεί ακόμη.',
    verified:
      'Η ταυτότητά σας έχει επαληθευτεί. Οι μεγάλες αναλήψεις και καταθέσεις είναι διαθέσιμες για εσάς.',
    identity: 'Έγγραφο ταυτότητας',
    address: 'Αποδεικτικό διεύθυνσης',
    checking: 'Υπό έλεγχο',
    approved: 'Εγκρίθηκε',
    uploaded: (name: string) => `Το ${name} ανέβηκε. Θα σας ενημερώσουμε μόλις ελεγχθεί.`,
    withdrawalNeeds: (amount: string) =>
      `Οι αναλήψεις ${amount} ή περισσότερο απαιτούν επαληθευμένη ταυτότητα.`,
    whyWithdrawal: (amount: string) => `Μια ανάληψη ${amount} ή περισσότερο απαιτεί επαληθευμένη ταυτότητα.`,
    refused:
      'Πρέπει να επαληθεύσουμε την ταυτότητά σας πριν από αυτή την πληρωμή. Ανεβάστε το έγγραφο ταυτότητάς σας και ένα αποδεικτικό διεύθυνσης στην ενότητα Επαλήθευση του προφίλ σας.',
    thousands: (units: number) => `${units.toLocaleString('el-GR', { minimumFractionDigits: 2 })}\u00a0€`,
  },
} satisfies Record<Locale, unknown>;

describe.each(locales)('identity verification (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const path = (to: string) => `${product.url}${text.prefix}${to}`;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const address = uniqueAddress(`verification-${locale}`);
    await createPlayer(product.url, {
      email: address,
      password: passphrase,
      language: locale,
      country: 'GR',
    });
    context = await browser.newContext();
    await signInContext(context, product.url, address, passphrase);
    page = await context.newPage();

    // €2,500 deposited with the sandbox's card form (the deposit pages are the wallet spec's subject).
    const api = apiOf(context, product.url);
    const started = await api(cashierApi.startDeposit, {
      body: { currency: 'EUR', amount_cents: 250_000, method: 'card' },
    });
    if (!started.ok) throw new Error(`deposit refused: ${started.status}`);
    const paid = await context.request.post(new URL(started.body.redirect_url, product.url).href, {
      form: { number: testCards.success, expiry: '12/39', cvc: '123', name: 'Test Player', action: 'pay' },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    // The sandbox confirms the payment by webhook a moment later.
    for (let tries = 0; ; tries++) {
      const accounts = await api(walletApi.accounts, {});
      const euros = accounts.ok ? accounts.body.find((a) => a.currency === 'EUR') : undefined;
      if (euros?.available_to_cashout_cents === 250_000) break;
      if (tries > 80) throw new Error('the deposit was not credited');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
  afterAll(() => context?.close());

  const withdraw = async () => {
    await page.getByLabel(text.wallet.amount('EUR')).fill('2500');
    await page
      .getByRole('button', { name: text.wallet.withdrawAmount(word.thousands(2500)), exact: true })
      .click();
  };

  it('says before the player tries that €2,000 or more needs verification, and refuses €2,500', async () => {
    await page.goto(path('/profile/wallet/withdrawal'));
    await page.getByRole('heading', { level: 2, name: text.wallet.withdrawTitle, exact: true }).waitFor();
    await page.getByText(word.withdrawalNeeds(word.thousands(2000)), { exact: false }).waitFor();
    await withdraw();
    await page.getByText(word.refused, { exact: true }).waitFor();
  });

  it('uploads a passport photo and a proof of address, both then being checked', async () => {
    await page.getByRole('link', { name: word.tab, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === `${text.prefix}/profile/general/verification`);
    await page.getByRole('heading', { level: 2, name: word.title, exact: true }).waitFor();
    await page.getByText(word.notVerified, { exact: true }).waitFor();
    await page.getByText(word.whyWithdrawal(word.thousands(2000)), { exact: true }).waitFor();

    const identity = page.getByRole('region', { name: word.identity, exact: true });
    await identity.locator('input[type="file"]').setInputFiles(passport.pathname);
    await identity.getByText(word.uploaded('passport.jpg'), { exact: true }).waitFor();

    // The proof of address is dropped on its box, as from the desktop.
    const bytes = (await readFile(passport)).toString('base64');
    const dropped = await page.evaluateHandle((base64) => {
      const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'utility-bill.jpg', { type: 'image/jpeg' }));
      return transfer;
    }, bytes);
    const address = page.getByRole('region', { name: word.address, exact: true });
    await address.dispatchEvent('drop', { dataTransfer: dropped });
    await address.getByText(word.uploaded('utility-bill.jpg'), { exact: true }).waitFor();

    const documents = page.locator('.verification__document');
    await expect.poll(() => documents.count()).toBe(2);
    await expect.poll(() => documents.filter({ hasText: word.checking }).count()).toBe(2);
  });

  it('is verified once the operator approves, and the €2,500 withdrawal goes through', async () => {
    const player = (await (await context.request.get(`${product.url}/api/player`)).json()) as {
      id: string;
      verified: boolean;
    };
    expect(player.verified).toBe(false);
    const operator = { authorization: `Bearer ${operatorToken}` };
    const pending = (await (
      await context.request.get(`${product.url}/api/operator/documents?status=pending`, { headers: operator })
    ).json()) as { id: string; player_id: string; content_type: string }[];
    const mine = pending.filter((document) => document.player_id === player.id);
    expect(mine).toHaveLength(2);
    for (const document of mine) {
      expect(document.content_type).toBe('image/jpeg');
      const approved = await context.request.post(
        `${product.url}/api/operator/documents/${document.id}/approve`,
        {
          headers: operator,
        },
      );
      expect(approved.status()).toBe(200);
    }

    await page.reload();
    await page.getByText(word.verified, { exact: true }).waitFor();
    await expect
      .poll(() => page.locator('.verification__document').filter({ hasText: word.approved }).count())
      .toBe(2);

    await page.goto(path('/profile/wallet/withdrawal'));
    await page.getByRole('heading', { level: 2, name: text.wallet.withdrawTitle, exact: true }).waitFor();
    await withdraw();
    await page.getByText(text.wallet.requestedPending(word.thousands(2500)), { exact: true }).waitFor();
    expect(await page.getByText(word.withdrawalNeeds(word.thousands(2000))).count()).toBe(0);
  });
});
