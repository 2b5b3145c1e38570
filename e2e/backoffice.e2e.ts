import { readFile } from 'node:fs/promises';
import { type AuditRow, auditOperatorApi, riskCaseOperatorApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiAt } from './harness/api.ts';
import { axeFindings, describeFindings } from './harness/axe.ts';
import { copy } from './harness/copy.ts';
import { type BackofficeOperator, newBackofficeOperator, signInToBackoffice } from './harness/operators.ts';
import {
  browserAgent,
  canSignIn,
  createPlayer,
  signInContext,
  uniqueAddress,
  visitorAddress,
} from './harness/players.ts';
import { operatorToken, sharedProduct } from './harness/products.ts';
import { backFromPayment, payOnSandbox } from './harness/wallet.ts';

/**
 * The back office as each role works in it (issue 38): support finds a player and sends a password
 * reset; finance approves withdrawals, a second operator one above the four-eyes amount (EUR 500 in
 * the standard product); compliance reviews documents and reads the audit log and its verification.
 * Each operator signs in with a password and their authenticator's code, and each leaves the audit rows
 * it should under their own id.
 */
const product = await sharedProduct('standard');
const baseUrl = product.url;
const text = copy.en;
const desktop = { width: 1440, height: 900 };
const password = 'Golden-Drachma-42';
const passport = new URL('./fixtures/passport.jpg', import.meta.url);
const admin = apiAt(baseUrl, { authorization: `Bearer ${operatorToken}` });

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser.close();
});

/**
 * A page of a browser of its own, from an address of its own (the product trusts its proxy): an
 * operator's desk, or a player's phone. Sign-ins are limited per address (10 in 15 minutes).
 */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: desktop,
    userAgent: browserAgent,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  contexts.push(context);
  return context.newPage();
}

/** A player of their own, signed in within `page`'s browser, who reads the site in `language`. */
async function newPlayer(page: Page, label: string, language: 'en' | 'el' = 'en') {
  const email = uniqueAddress(label);
  await createPlayer(baseUrl, { email, password, language, country: 'GR' });
  await signInContext(page.context(), baseUrl, email, password);
  const me = (await (await page.request.get(`${baseUrl}/api/player`)).json()) as { id: string };
  return { email, id: me.id };
}

/** The audit trail's rows about a player, oldest first, as compliance reads them. */
async function trailOf(playerId: string): Promise<AuditRow[]> {
  const answer = await admin(auditOperatorApi.rows, { query: { player_id: playerId } });
  if (!answer.ok) throw new Error(`audit log: ${answer.status}`);
  return [...answer.body].reverse();
}

const sections = (page: Page) =>
  page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allInnerTexts();

describe('the back office', () => {
  it('sends a visitor to sign in, refuses a wrong code, and then opens the page they asked for', async () => {
    const page = await newPage();
    const support = await newBackofficeOperator(baseUrl, 'support');
    await visit(page, `${baseUrl}/backoffice/players?q=nobody`);
    await page.waitForURL((url) => url.pathname === '/backoffice/sign-in');
    await page.getByLabel('Email').fill(support.email);
    await page.getByLabel('Password').fill(support.password);
    const right = support.code();
    await page.getByLabel('Code from your authenticator app').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .getByText('The email, password or authenticator code is not right', { exact: true })
      .waitFor();
    await page.getByLabel('Code from your authenticator app').fill(support.code());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/backoffice/players' && url.search === '?q=nobody');
    await page.getByText('No player matches this search.', { exact: true }).waitFor();
  });

  it("renders each operator's console for them alone, never from the visitors' page cache", async () => {
    const page = await newPage();
    const support = await newBackofficeOperator(baseUrl, 'support');
    await signInToBackoffice(page, baseUrl, support);
    const cookie = (await page.context().cookies()).find((each) => each.name === 'chrysos_operator');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const read = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}${path}`, { headers: { 'user-agent': browserAgent, ...headers }, redirect: 'manual' });
    for (let visit = 0; visit < 2; visit++) {
      const theirs = await read('/backoffice/players', { cookie: `chrysos_operator=${cookie?.value}` });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get('cache-control')).toBe('private, no-store');
      expect(await theirs.text()).toContain(support.email);
      // A visitor after them is sent to sign in, and the sign-in page is rendered for each answer
      // (its own nonce), never kept.
      const visitor = await read('/backoffice/players');
      expect([visitor.status, visitor.headers.get('location')]).toEqual([
        302,
        '/backoffice/sign-in?back=%2Fbackoffice%2Fplayers',
      ]);
      const signIn = await read('/backoffice/sign-in');
      expect(signIn.headers.get('cache-control')).toBe('private, no-store');
      expect(signIn.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
      expect(await signIn.text()).not.toContain(support.email);
    }
  });

  it('lets support find a player and send them a password reset, audited under their name', async () => {
    const playerPage = await newPage();
    const player = await newPlayer(playerPage, 'bo-support');
    const other = await newPlayer(await newPage(), 'bo-support-other');
    // The player deposited €25, which their ledger on Player 360 shows.
    const started = await playerPage.request.post(`${baseUrl}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 2_500, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await playerPage.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(playerPage, text, 'success', text.money(25));
    await backFromPayment(playerPage, baseUrl, text);
    await expect
      .poll(async () => (await playerPage.request.get(`${baseUrl}/api/player/accounts`)).text())
      .toContain('2500');
    const support = await newBackofficeOperator(baseUrl, 'support');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, support);
    // Support's role: players and the withdrawal queue to answer questions, no documents, no audit log.
    expect(await sections(page)).toEqual(['Players', 'Withdrawals', 'Payments']);
    expect(new URL(page.url()).pathname).toBe('/backoffice/players');

    await page.getByLabel('Email, name or player id').fill(player.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('table', { name: 'Players found' });
    await found.getByRole('link', { name: player.email, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: player.email }).waitFor();
    expect(await page.getByText(player.id).count()).toBe(1);
    // The parts of the record support's role reads: bonuses, loyalty, breaks; not the adjustments.
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Profile',
      'Balances',
      'Bonuses, free spins and lootboxes',
      'Loyalty',
      'Breaks and self-exclusions',
      'Limits and reality check',
      'Ledger',
      'Game rounds',
      'Sessions and devices',
      'Grant from a campaign',
      'Withdrawal hold',
      'Notes',
      'Actions',
    ]);
    // The ledger: the player's deposit, gone when filtered to bets and back when filtered to deposits.
    const ledger = page.getByRole('region', { name: 'Ledger' });
    const deposit = ledger.getByRole('row').filter({ hasText: 'deposit' }).filter({ hasText: '€25.00' });
    await deposit.waitFor();
    await ledger.getByLabel('Kind').selectOption('bet');
    await ledger.getByRole('button', { name: 'Filter' }).click();
    await ledger.getByText('No movement matches.', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('ledger_kind')).toBe('bet');
    await ledger.getByLabel('Kind').selectOption('deposit');
    await ledger.getByRole('button', { name: 'Filter' }).click();
    await deposit.waitFor();
    await page
      .getByRole('region', { name: 'Game rounds' })
      .getByText('The player has played no round.', { exact: true })
      .waitFor();
    // The sessions: the browser the player signed in with is still signed in.
    const sessions = page.getByRole('region', { name: 'Sessions and devices' });
    await sessions.getByRole('row').filter({ hasText: 'Current' }).first().waitFor();
    await page.getByLabel('New note').fill('Called: cannot sign in, reset sent');
    await page.getByRole('button', { name: 'Add the note' }).click();
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByText('Called: cannot sign in, reset sent', { exact: true }).waitFor();
    expect(await notes.getByText(/^Support operator · /).count()).toBe(1);
    expect(await page.getByRole('table').getByRole('cell', { name: '€0.00' }).count()).toBeGreaterThan(0);
    // A goodwill grant from a campaign, with the reason the trail keeps.
    const grant = page.getByRole('region', { name: 'Grant from a campaign' });
    await grant.getByLabel('Campaign').selectOption({ index: 1 });
    await grant.getByLabel('Reason for the grant').fill('Goodwill after a frozen game');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await page
      .getByRole('status')
      .getByText("Granted: it is in the player's bonuses.", { exact: true })
      .waitFor();
    // What the campaign gave is on the record (a bonus, free spins or a lootbox): a row below the header.
    await page
      .getByRole('region', { name: 'Bonuses, free spins and lootboxes' })
      .getByRole('row')
      .nth(1)
      .waitFor();

    await page.getByLabel('Reason for the password reset').fill('Called support: cannot sign in');
    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await page
      .getByRole('status')
      .getByText('The password reset email is on its way to the player.', { exact: true })
      .waitFor();
    const mail = await product.mail(player.email, text.mail.resetPassword);
    expect(mail.text).toContain('/users/password/edit?reset_password_token=');

    const trail = await trailOf(player.id);
    expect(trail.filter((row) => row.action === 'player.password_reset_sent')).toEqual([
      expect.objectContaining({
        actor: `operator:${support.id}`,
        details: { reason: 'Called support: cannot sign in', sent: true },
      }),
    ]);
    expect(trail.filter((row) => row.action === 'bonus.granted')).toEqual([
      expect.objectContaining({
        actor: `operator:${support.id}`,
        details: expect.objectContaining({ reason: 'Goodwill after a frozen game' }),
      }),
    ]);
    expect((await trailOf(other.id)).some((row) => row.action === 'player.password_reset_sent')).toBe(false);
  });

  it('lets support suspend a player from Player 360, who is signed out and cannot sign in again', async () => {
    const playerPage = await newPage();
    const player = await newPlayer(playerPage, 'bo-suspend');
    const otherPage = await newPage();
    const other = await newPlayer(otherPage, 'bo-suspend-other');
    const support = await newBackofficeOperator(baseUrl, 'support');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, support);
    await visit(page, `${baseUrl}/backoffice/players/${player.id}`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByText('Active', { exact: true }).waitFor();

    await page.getByLabel('Reason for the account change').fill('Chargeback under review');
    await page.getByRole('button', { name: 'Suspend the account' }).click();
    await page
      .getByRole('status')
      .getByText(
        'The account is suspended: the player is signed out and can neither sign in nor move money.',
        { exact: true },
      )
      .waitFor();
    await profile.getByText('Suspended', { exact: true }).waitFor();
    await profile.getByText('by Support operator: Chargeback under review', { exact: false }).waitFor();
    // Suspended, the account is reinstated or closed from here; it is suspended no more.
    await page.getByRole('button', { name: 'Reinstate the account' }).waitFor();
    expect(await page.getByRole('button', { name: 'Suspend the account' }).count()).toBe(0);

    // The player's browser is signed out at once; the other player's is not.
    expect((await playerPage.request.get(`${baseUrl}/api/player`)).status()).toBe(401);
    expect((await otherPage.request.get(`${baseUrl}/api/player`)).status()).toBe(200);
    // Signing in again is refused on the sign-in page, which says why.
    await visit(playerPage, `${baseUrl}/users/sign_in`);
    await playerPage.waitForLoadState('networkidle');
    await playerPage.getByLabel(text.email, { exact: true }).fill(player.email);
    await playerPage.getByLabel(text.password, { exact: true }).fill(password);
    await playerPage.getByRole('button', { name: text.signIn, exact: true }).click();
    await playerPage
      .getByText('Your account is suspended. Please contact support.', { exact: true })
      .waitFor();
    expect(await canSignIn(baseUrl, player.email, password)).toBe(false);
    expect(await canSignIn(baseUrl, other.email, password)).toBe(true);

    const trail = await trailOf(player.id);
    expect(trail.filter((row) => row.action.startsWith('player.account_'))).toEqual([
      expect.objectContaining({
        action: 'player.account_suspended',
        actor: `operator:${support.id}`,
        details: { reason: 'Chargeback under review', from: 'active', to: 'suspended' },
      }),
    ]);
  });

  it('lets finance approve a withdrawal, and one above the four-eyes amount only with a second operator', async () => {
    const playerPage = await newPage();
    const player = await newPlayer(playerPage, 'bo-finance');
    // EUR 900 through the sandbox payment page, then two withdrawals of amounts no other spec asks for.
    const started = await playerPage.request.post(`${baseUrl}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 90_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await playerPage.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(playerPage, text, 'success', text.money(900));
    await backFromPayment(playerPage, baseUrl, text);
    const withdraw = async (cents: number) => {
      const asked = await playerPage.request.post(`${baseUrl}/api/payments/withdrawals`, {
        data: { currency: 'EUR', amount_cents: cents, method: 'card' },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      return ((await asked.json()) as { id: string }).id;
    };
    // The deposit is credited by the provider's webhook: the first withdrawal waits for it.
    await expect
      .poll(async () => (await playerPage.request.get(`${baseUrl}/api/player/accounts`)).text())
      .toContain('90000');
    const small = await withdraw(15_137);
    const large = await withdraw(61_329);
    const statusOf = async (id: string) =>
      (
        (await (await playerPage.request.get(`${baseUrl}/api/player/payments/${id}`)).json()) as {
          status: string;
        }
      ).status;

    const first = await newBackofficeOperator(baseUrl, 'finance');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, first);
    expect(await sections(page)).toEqual(['Players', 'Withdrawals', 'Payments', 'Adjustments', 'Cases']);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Withdrawals' })
      .click();
    const row = (amount: string) => page.getByRole('row', { name: `Withdrawal ${amount}` });
    await row('€151.37').getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .getByText('Approved: the withdrawal is on its way to the player.', { exact: true })
      .waitFor();
    await expect.poll(() => statusOf(small)).not.toBe('pending');

    await row('€613.29').getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .getByText(
        'First approval recorded. Another operator must approve this withdrawal before it is paid.',
        { exact: true },
      )
      .waitFor();
    await row('€613.29').getByText('First approval yours: needs another operator', { exact: true }).waitFor();
    expect(await row('€613.29').getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    expect(await statusOf(large)).toBe('pending');

    const second = await newBackofficeOperator(baseUrl, 'finance');
    const secondPage = await newPage();
    await signInToBackoffice(secondPage, baseUrl, second);
    await visit(secondPage, `${baseUrl}/backoffice/withdrawals`);
    const theirs = secondPage.getByRole('row', { name: 'Withdrawal €613.29' });
    await theirs.getByText('First approval given: needs a second', { exact: true }).waitFor();
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await secondPage
      .getByRole('status')
      .getByText('Approved: the withdrawal is on its way to the player.', { exact: true })
      .waitFor();
    await expect.poll(() => statusOf(large)).not.toBe('pending');

    const decisions = (await trailOf(player.id))
      .filter((entry) => ['withdrawal.approved', 'withdrawal.first_approval'].includes(entry.action))
      .map((entry) => [entry.action, entry.actor, entry.details.payment]);
    expect(decisions).toEqual([
      ['withdrawal.approved', `operator:${first.id}`, small],
      ['withdrawal.first_approval', `operator:${first.id}`, large],
      ['withdrawal.approved', `operator:${second.id}`, large],
    ]);
  });

  it("lets risk hold a player's withdrawals, and finance approve one only once the hold is lifted", async () => {
    const playerPage = await newPage();
    const player = await newPlayer(playerPage, 'bo-hold');
    const started = await playerPage.request.post(`${baseUrl}/api/payments/deposits`, {
      data: { currency: 'EUR', amount_cents: 30_000, method: 'card' },
    });
    expect(started.status()).toBe(201);
    await playerPage.goto(new URL((await started.json()).redirect_url, baseUrl).href);
    await payOnSandbox(playerPage, text, 'success', text.money(300));
    await backFromPayment(playerPage, baseUrl, text);
    await expect
      .poll(async () => (await playerPage.request.get(`${baseUrl}/api/player/accounts`)).text())
      .toContain('30000');
    const asked = await playerPage.request.post(`${baseUrl}/api/payments/withdrawals`, {
      data: { currency: 'EUR', amount_cents: 12_345, method: 'card' },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    const risk = await newBackofficeOperator(baseUrl, 'risk');
    const riskPage = await newPage();
    await signInToBackoffice(riskPage, baseUrl, risk);
    await visit(riskPage, `${baseUrl}/backoffice/withdrawals`);
    const riskRow = riskPage.getByRole('row', { name: 'Withdrawal €123.45' });
    await riskRow.getByLabel('Reason to hold').fill('Chargeback on an earlier deposit');
    await riskRow.getByRole('button', { name: "Hold the player's withdrawals" }).click();
    await riskPage
      .getByRole('status')
      .getByText("The player's withdrawals are on hold: none is approved until the hold is lifted.", {
        exact: true,
      })
      .waitFor();

    const finance = await newBackofficeOperator(baseUrl, 'finance');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, finance);
    await visit(page, `${baseUrl}/backoffice/withdrawals`);
    const row = page.getByRole('row', { name: 'Withdrawal €123.45' });
    await row.getByText('On hold: Chargeback on an earlier deposit', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    // Player 360 says who held it and why, and lifts it.
    await visit(page, `${baseUrl}/backoffice/players/${player.id}`);
    const hold = page.getByRole('region', { name: 'Withdrawal hold' });
    await hold.getByText(/by Risk operator: Chargeback on an earlier deposit$/).waitFor();
    await hold.getByLabel('Reason to lift the hold').fill('The bank withdrew the chargeback');
    await hold.getByRole('button', { name: 'Lift the hold' }).click();
    await page
      .getByRole('status')
      .getByText("The hold is lifted: the player's withdrawals can be approved.", { exact: true })
      .waitFor();
    await hold.getByText('Not held: withdrawals are approved as usual.', { exact: true }).waitFor();
    await visit(page, `${baseUrl}/backoffice/withdrawals`);
    await row.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('status')
      .getByText('Approved: the withdrawal is on its way to the player.', { exact: true })
      .waitFor();

    // The payments desk lists the player's deposit and withdrawal.
    await visit(page, `${baseUrl}/backoffice/payments`);
    const payments = page.getByRole('table', { name: 'Payments found' });
    await payments
      .getByRole('row')
      .filter({ hasText: player.email })
      .filter({ hasText: '€300.00' })
      .waitFor();

    const steps = (await trailOf(player.id))
      .filter((entry) => entry.action.startsWith('withdrawal.'))
      .map((entry) => [entry.action, entry.actor]);
    expect(steps).toEqual([
      ['withdrawal.hold_placed', `operator:${risk.id}`],
      ['withdrawal.hold_lifted', `operator:${finance.id}`],
      ['withdrawal.approved', `operator:${finance.id}`],
    ]);
  });

  it("lets finance adjust a player's balance, and one above four eyes only with a second operator", async () => {
    const playerPage = await newPage();
    const player = await newPlayer(playerPage, 'bo-adjust');
    const balance = async () =>
      (
        (await (await playerPage.request.get(`${baseUrl}/api/player/accounts`)).json()) as {
          amount_cents: number;
        }[]
      )[0]?.amount_cents;
    const first = await newBackofficeOperator(baseUrl, 'finance');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, first);
    await page.getByLabel('Email, name or player id').fill(player.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: 'Players found' })
      .getByRole('link', { name: player.email })
      .click();
    const adjust = async (amount: string, reason: string) => {
      await page.getByRole('radio', { name: 'Credit the player' }).check();
      await page.getByLabel('Amount').fill(amount);
      await page.getByLabel('Reason for the adjustment').fill(reason);
      await page.getByRole('button', { name: 'Adjust the balance' }).click();
    };
    await adjust('25.00', 'Goodwill for a frozen game');
    await page
      .getByRole('status')
      .getByText("The adjustment is booked: the player's balance has it.", { exact: true })
      .waitFor();
    await page.getByRole('cell', { name: '€25.00' }).first().waitFor();
    expect(await balance()).toBe(2_500);

    const above = `Provider paid short, ${player.email}`;
    await adjust('600', above);
    await page
      .getByRole('status')
      .getByText('The adjustment waits for a second operator to approve it (Adjustments).', { exact: true })
      .waitFor();
    expect(await balance()).toBe(2_500);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Adjustments' })
      .click();
    const mine = page.getByRole('row').filter({ hasText: above });
    expect(await mine.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);

    const second = await newBackofficeOperator(baseUrl, 'finance');
    const secondPage = await newPage();
    await signInToBackoffice(secondPage, baseUrl, second);
    await visit(secondPage, `${baseUrl}/backoffice/adjustments`);
    const theirs = secondPage.getByRole('row').filter({ hasText: above });
    expect(await theirs.getByRole('cell', { name: '+€600.00' }).count()).toBe(1);
    await theirs.getByRole('button', { name: 'Approve' }).click();
    await secondPage
      .getByRole('status')
      .getByText("Approved: the adjustment is booked on the player's balance.", { exact: true })
      .waitFor();
    expect(await balance()).toBe(62_500);
    // On the player's record, newest first; finance reads no breaks or loyalty, and adjusts.
    await visit(page, `${baseUrl}/backoffice/players/${player.id}`);
    const record = page.getByRole('region', { name: 'Balance adjustments' });
    await record.getByRole('row').nth(2).waitFor();
    expect(
      (await record.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t').slice(1, 4)),
    ).toEqual([
      ['+€600.00', above, 'booked'],
      ['+€25.00', 'Goodwill for a frozen game', 'booked'],
    ]);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Profile',
      'Balances',
      'Bonuses, free spins and lootboxes',
      'Balance adjustments',
      'Cases',
      'Ledger',
      'Game rounds',
      'Withdrawal hold',
      'Notes',
      'Adjust the balance',
    ]);

    const steps = (await trailOf(player.id))
      .filter((entry) => entry.action.startsWith('balance_adjustment.'))
      .map((entry) => [entry.action, entry.actor, entry.details.amount]);
    expect(steps).toEqual([
      ['balance_adjustment.booked', `operator:${first.id}`, 2_500],
      ['balance_adjustment.requested', `operator:${first.id}`, 60_000],
      ['balance_adjustment.booked', `operator:${second.id}`, 60_000],
    ]);
  });

  it('lets compliance review documents beside the player, and read the audit log and verify its chain', async () => {
    const upload = async (page: Page) => {
      const answer = await page.request.post(`${baseUrl}/api/player/documents`, {
        multipart: {
          kind: 'identity',
          file: { name: 'passport.jpg', mimeType: 'image/jpeg', buffer: await readFile(passport) },
        },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    };
    const approvedPage = await newPage();
    const approved = await newPlayer(approvedPage, 'bo-kyc-yes');
    await upload(approvedPage);
    // Two rejected players who read the site in different languages.
    const rejectedPage = await newPage();
    const rejected = await newPlayer(rejectedPage, 'bo-kyc-no', 'el');
    await upload(rejectedPage);
    const otherPage = await newPage();
    const other = await newPlayer(otherPage, 'bo-kyc-other');
    await upload(otherPage);
    // The Greek player watches their verification page while compliance decides: it updates by itself.
    await visit(rejectedPage, `${baseUrl}/el/profile/general/verification`);
    await rejectedPage.getByText('Υπό έλεγχο', { exact: true }).first().waitFor();
    // A mark on this very document: gone if the page were loaded again.
    await rejectedPage.evaluate(() => document.documentElement.setAttribute('data-kyc-watch', 'same page'));

    const compliance = await newBackofficeOperator(baseUrl, 'compliance');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, compliance);
    expect(await sections(page)).toEqual([
      'Players',
      'Withdrawals',
      'Payments',
      'Documents',
      'Cases',
      'Audit log',
    ]);
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Documents' })
      .click();
    const documentOf = (email: string) => page.getByRole('listitem', { name: `Identity of ${email}` });
    // The photo as stored, and the player's details beside it.
    const photo = documentOf(approved.email).getByRole('img');
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(
      await documentOf(approved.email).getByText(approved.email, { exact: true }).count(),
    ).toBeGreaterThan(0);
    await documentOf(approved.email).getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').getByText('Document approved.', { exact: true }).waitFor();
    await documentOf(rejected.email)
      .getByLabel('Reason the player will read')
      .selectOption({ label: 'Blurred or too dark to read' });
    await documentOf(rejected.email).getByRole('button', { name: 'Reject' }).click();
    await page
      .getByRole('status')
      .getByText('Document rejected; the player is told why.', { exact: true })
      .waitFor();
    // Other needs a note: without one the operator is asked for it, and the document stays.
    await documentOf(other.email)
      .getByLabel('Reason the player will read')
      .selectOption({ label: 'Other (explain in the note)' });
    await documentOf(other.email).getByRole('button', { name: 'Reject' }).click();
    await page
      .getByRole('alert')
      .getByText('Write a note to the player: Other needs one.', { exact: true })
      .waitFor();
    await documentOf(other.email)
      .getByLabel('Reason the player will read')
      .selectOption({ label: 'Other (explain in the note)' });
    await documentOf(other.email)
      .getByLabel('Note to the player (required for Other)')
      .fill('The passport page with your photo is missing');
    await documentOf(other.email).getByRole('button', { name: 'Reject' }).click();
    await page
      .getByRole('status')
      .getByText('Document rejected; the player is told why.', { exact: true })
      .waitFor();

    // Each player reads their own outcome, and only theirs.
    const documentsOf = async (playerPage: Page) =>
      (
        (await (await playerPage.request.get(`${baseUrl}/api/player/documents`)).json()) as {
          documents: { status: string; rejection_code: string | null; rejection_note: string | null }[];
        }
      ).documents;
    expect(await documentsOf(approvedPage)).toEqual([
      expect.objectContaining({ status: 'approved', rejection_code: null, rejection_note: null }),
    ]);
    expect(await documentsOf(rejectedPage)).toEqual([
      expect.objectContaining({ status: 'rejected', rejection_code: 'blurred', rejection_note: null }),
    ]);
    expect(await documentsOf(otherPage)).toEqual([
      expect.objectContaining({
        status: 'rejected',
        rejection_code: 'other',
        rejection_note: 'The passport page with your photo is missing',
      }),
    ]);
    // On their verification pages: the Greek player reads the reason in Greek, the other in English.
    await rejectedPage
      .getByText(
        'Η εικόνα είναι θολή και δεν μπορούμε να τη διαβάσουμε. Ανεβάστε μια καθαρή φωτογραφία ή σάρωση, τραβηγμένη σε καλό φωτισμό.',
        { exact: true },
      )
      .waitFor();
    expect(await rejectedPage.evaluate(() => document.documentElement.getAttribute('data-kyc-watch'))).toBe(
      'same page',
    );
    await visit(otherPage, `${baseUrl}/profile/general/verification`);
    await otherPage
      .getByText("We couldn't accept this document. Please read our note and upload a new one.", {
        exact: true,
      })
      .waitFor();
    await otherPage
      .getByText('Note from our team: The passport page with your photo is missing', { exact: true })
      .waitFor();
    expect(await otherPage.getByText('Η εικόνα είναι θολή', { exact: false }).count()).toBe(0);

    // The audit log: the decisions under compliance's name, and the chain intact after them.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByLabel('Player id').fill(rejected.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    // The other player's rejection is in the log too, until the filtered rows have arrived.
    await expect
      .poll(() => page.getByRole('link', { name: other.id.slice(0, 8), exact: true }).count())
      .toBe(0);
    const decided = page.getByRole('row').filter({ hasText: 'document.rejected' });
    await decided.waitFor();
    expect(await decided.getByRole('cell', { name: `operator:${compliance.id}`, exact: true }).count()).toBe(
      1,
    );
    await page.getByRole('button', { name: 'Verify the hash chain' }).click();
    await page
      .getByRole('status')
      .getByText(/^The chain is intact: \d+ rows/)
      .waitFor();
  });

  it('lets compliance take an AML case, record what was done and resolve it, audited under their name', async () => {
    /** A deposit paid on the sandbox's card page, waited for until the player's balance has it. */
    const deposit = async (playerPage: Page, euros: number) => {
      const started = await playerPage.request.post(`${baseUrl}/api/payments/deposits`, {
        data: { currency: 'EUR', amount_cents: euros * 100, method: 'card' },
      });
      expect(started.status()).toBe(201);
      await playerPage.goto(new URL((await started.json()).redirect_url, baseUrl).href);
      // The payment page groups thousands (€2,100.00).
      const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(euros);
      await payOnSandbox(playerPage, text, 'success', amount);
      await backFromPayment(playerPage, baseUrl, text);
      await expect
        .poll(async () => (await playerPage.request.get(`${baseUrl}/api/player/accounts`)).text())
        .toContain(`${euros * 100}`);
    };
    const casesOf = async (playerId: string) => {
      const answer = await admin(riskCaseOperatorApi.list, { query: { player_id: playerId } });
      if (!answer.ok) throw new Error(`cases: ${answer.status}`);
      return answer.body;
    };
    // Below the due-diligence point (EUR 2,000 in 180 days) first, then one at it: the watch reads
    // deposits in order, so once the second player's case is raised the first player's deposit was read.
    const belowPage = await newPage();
    const below = await newPlayer(belowPage, 'bo-aml-below');
    await deposit(belowPage, 1_900);
    const crossingPage = await newPage();
    const crossing = await newPlayer(crossingPage, 'bo-aml-cross');
    await deposit(crossingPage, 2_100);
    await expect
      .poll(async () => (await casesOf(crossing.id)).map((found) => found.kind))
      .toEqual(['cumulative_deposits']);
    expect(await casesOf(below.id)).toEqual([]);

    const compliance = await newBackofficeOperator(baseUrl, 'compliance');
    const page = await newPage();
    await signInToBackoffice(page, baseUrl, compliance);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cases' }).click();
    await page.getByRole('link', { name: 'AML', exact: true }).click();
    const row = page.getByRole('row', { name: `Due-diligence deposits: ${crossing.email}` });
    await row
      .getByText('€2,100.00 deposited in 180 days (1 deposits; due diligence from €2,000.00).')
      .waitFor();
    expect(await page.getByRole('row', { name: `Due-diligence deposits: ${below.email}` }).count()).toBe(0);
    await row.getByRole('link', { name: 'Due-diligence deposits' }).click();

    await page.getByRole('button', { name: 'Take this case' }).click();
    await page
      .getByRole('status')
      .getByText('The case is yours: you investigate it.', { exact: true })
      .waitFor();
    await page.getByText('Investigating', { exact: true }).waitFor();
    const findings = await axeFindings(page, 'a case');
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.getByLabel('What was done').selectOption({ label: 'Asked for the source of funds' });
    await page.getByLabel('Note', { exact: true }).fill('Asked for payslips covering the deposits');
    await page.getByRole('button', { name: 'Record the intervention' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Asked for payslips covering the deposits' })
      .getByText('Compliance operator', { exact: false })
      .waitFor();
    await page.getByLabel('Outcome').selectOption({ label: 'No action needed' });
    await page.getByLabel('Resolution note').fill('Source of funds verified: salary and savings');
    await page.getByRole('button', { name: 'Resolve the case' }).click();
    await page.getByRole('status').getByText('The case is resolved.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Take this case' }).count()).toBe(0);
    // Player 360 keeps the case and the intervention on the player's record.
    await page.getByRole('link', { name: crossing.email }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Due-diligence deposits' })
      .getByText('No action needed', { exact: true })
      .waitFor();
    await page
      .getByRole('region', { name: 'Interventions' })
      .getByText('Asked for payslips covering the deposits', { exact: false })
      .waitFor();

    expect(await casesOf(crossing.id)).toEqual([]);
    const actions = (await trailOf(crossing.id))
      .filter((entry) => entry.action.startsWith('risk.'))
      .map((entry) => [entry.actor, entry.action]);
    expect(actions).toEqual([
      [`operator:${compliance.id}`, 'risk.case_assigned'],
      [`operator:${compliance.id}`, 'risk.intervention_recorded'],
      [`operator:${compliance.id}`, 'risk.case_resolved'],
    ]);
  });

  it('shows a role none of the sections it may not use, and the server refuses them all the same', async () => {
    const marketing: BackofficeOperator = await newBackofficeOperator(baseUrl, 'marketing');
    const page = await newPage();
    await visit(page, `${baseUrl}/backoffice`);
    await page.getByLabel('Email').fill(marketing.email);
    await page.getByLabel('Password').fill(marketing.password);
    await page.getByLabel('Code from your authenticator app').fill(marketing.code());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Your role has no section of the back office yet.', { exact: false }).waitFor();
    expect(await sections(page)).toEqual([]);
    const refused = await page.goto(`${baseUrl}/backoffice/players`);
    expect(refused?.status()).toBe(403);
    await page
      .getByRole('alert')
      .getByText('Your role does not allow this (read PlayerAccount)', { exact: true })
      .waitFor();
  });
  it('has nothing serious or critical for axe-core on any of its pages (WCAG 2.2 AA)', async () => {
    const player = await newPlayer(await newPage(), 'bo-axe');
    const admin = await newBackofficeOperator(baseUrl, 'admin');
    const page = await newPage();
    await visit(page, `${baseUrl}/backoffice/sign-in`);
    const findings = await axeFindings(page, '/backoffice/sign-in');
    await signInToBackoffice(page, baseUrl, admin);
    expect(await sections(page)).toEqual([
      'Players',
      'Withdrawals',
      'Payments',
      'Adjustments',
      'Documents',
      'Cases',
      'Audit log',
    ]);
    for (const path of [
      'players',
      'withdrawals',
      'payments',
      'adjustments',
      'documents',
      'cases',
      'audit?verify=1',
    ]) {
      await visit(page, `${baseUrl}/backoffice/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      findings.push(...(await axeFindings(page, path)));
    }
    await visit(page, `${baseUrl}/backoffice/players/${player.id}`);
    await page.getByRole('heading', { level: 2, name: 'Balances' }).waitFor();
    findings.push(...(await axeFindings(page, 'a player')));
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
