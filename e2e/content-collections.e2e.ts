import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playerApi } from '@chrysos/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { apiOf } from './harness/api.ts';
import { productClock } from './harness/clock.ts';
import { copy, type Locale } from './harness/copy.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { operatorToken, type SharedProduct, sharedProduct } from './harness/products.ts';
import { type RunningProduct, scratchDir, startProduct } from './server.ts';

const contentRoot = fileURLToPath(new URL('../content', import.meta.url));

/*
 * Three content collections that were read nowhere (issue 31 item 16), each doing what its name says:
 * `registerModal` is the Register modal's side panel, `privacyPolicyUpdate` a notice a player sees until
 * they accept the policy (kept per player on the server: two players see each their own), and
 * `realtimeCrmConfigure` what a player's open page shows when the operator's CRM sends them an event.
 */

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const passphrase = 'a content-collections passphrase';

/** A new signed-in player's browser context (a country given, so CompleteRegistration stays shut). */
async function signedIn(locale: Locale, label: string) {
  const email = uniqueAddress(`${label}-${locale}`);
  await createPlayer(product.url, { email, password: passphrase, language: locale, country: 'GR' });
  const context = await browser.newContext();
  await signInContext(context, product.url, email, passphrase);
  const player = await apiOf(context, product.url, { 'user-agent': browserAgent })(playerApi.player, {});
  if (!player.ok) throw new Error('the player could not be read');
  return { context, email, id: player.body.id };
}

describe('registerModal: the sign-up modal shows its content', () => {
  const expected = {
    en: { title: 'Join Chrysos Casino', first: '100% up to €500 on your first deposit' },
    el: { title: 'Γίνετε μέλος του Chrysos Casino', first: '100% έως €500 στην πρώτη σας κατάθεση' },
  } as const;

  it.each(['en', 'el'] as const)('in %s', async (locale) => {
    const page = await browser.newPage();
    await visit(page, `${product.url}${copy[locale].prefix}/#Register`);
    const panel = page.locator('[data-modal="Register"] [data-register-panel]');
    await panel.getByRole('heading', { name: expected[locale].title, exact: true }).waitFor();
    expect(await panel.locator('li').allTextContents()).toHaveLength(4);
    expect(await panel.locator('li').first().textContent()).toBe(expected[locale].first);
    expect(await panel.locator('img').getAttribute('src')).toBe('/brand/register-banner.svg');
    // The form is still there, under its panel.
    await page
      .locator('[data-modal="Register"]')
      .getByRole('button', { name: copy[locale].create })
      .waitFor();
    await page.close();
  });
});

describe('privacyPolicyUpdate: a notice until the player accepts the policy', () => {
  const notice = (page: Page) => page.locator('[data-policy-notice]');
  const title = { en: 'We have updated our privacy policy', el: 'Ενημερώσαμε την πολιτική απορρήτου μας' };
  const accept = { en: 'I accept the updated policy', el: 'Αποδέχομαι την ενημερωμένη πολιτική' };
  /** The product of this block: the site's content with a new policy announced two days ahead. */
  let announcing: RunningProduct;
  let content: string;
  const nextVersion = new Date(Date.now() + 2 * 86_400_000).toISOString();
  beforeAll(async () => {
    content = await scratchDir('content-');
    await cp(contentRoot, content, { recursive: true });
    for (const locale of ['en', 'el'] as const) {
      const current = path.join(content, locale, 'privacyPolicyUpdate/2026-10.yaml');
      const announced = (await readFile(current, 'utf8')).replace(
        /^utcDateTime: .*$/m,
        `utcDateTime: "${nextVersion}"`,
      );
      await writeFile(path.join(content, locale, 'privacyPolicyUpdate/next.yaml'), announced);
    }
    announcing = await startProduct({
      env: { CONTENT_DIR: content, TEST_CLOCK: 'on', OPERATOR_API_TOKEN: operatorToken },
    });
  });
  afterAll(() => announcing?.stop());

  /** A new player's signed-in context on the announcing product. */
  async function signedUp(locale: Locale, label: string) {
    const email = uniqueAddress(`${label}-${locale}`);
    await createPlayer(announcing.url, { email, password: passphrase, language: locale, country: 'GR' });
    return email;
  }
  async function contextOf(email: string) {
    const context = await browser.newContext();
    await signInContext(context, announcing.url, email, passphrase);
    return context;
  }

  it('is not shown to a new player, who accepted the policy in force when signing up', async () => {
    const context = await contextOf(await signedUp('en', 'policy-new'));
    const page = await context.newPage();
    await visit(page, `${announcing.url}/`);
    await page.getByRole('banner').waitFor();
    expect(await notice(page).count()).toBe(0);
    await context.close();
  });

  it('stays for the player who has not accepted a new version, and goes for good for the one who did', async () => {
    const acceptingEmail = await signedUp('en', 'policy-accepting');
    const otherEmail = await signedUp('el', 'policy-other');
    const bareEmail = await signedUp('el', 'policy-bare');
    // The announced version comes into force.
    await productClock(announcing.url).moveTo(Date.parse(nextVersion) + 60_000);
    const [accepting, other] = await Promise.all([contextOf(acceptingEmail), contextOf(otherEmail)]);
    const page = await accepting.newPage();
    await visit(page, `${announcing.url}/`);
    await notice(page).getByText(title.en, { exact: true }).waitFor();
    expect(Date.parse((await notice(page).getAttribute('data-policy-notice')) ?? '')).toBe(
      Date.parse(nextVersion),
    );
    expect(
      await notice(page).getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href'),
    ).toBe('/privacy-policy');

    const otherPage = await other.newPage();
    await visit(otherPage, `${announcing.url}/el/`);
    await notice(otherPage).getByText(title.el, { exact: true }).waitFor();

    await notice(page).getByRole('button', { name: accept.en }).click();
    await notice(page).waitFor({ state: 'detached' });
    // Kept on the server: a reload and a second device of the same player show no notice…
    await visit(page, `${announcing.url}/games/all`);
    expect(await notice(page).count()).toBe(0);
    const secondDevice = await contextOf(acceptingEmail);
    const secondPage = await secondDevice.newPage();
    await visit(secondPage, `${announcing.url}/el/`);
    await secondPage.getByRole('banner').waitFor();
    expect(await notice(secondPage).count()).toBe(0);
    // …while the other player, who has not accepted, still sees it on every page.
    await visit(otherPage, `${announcing.url}/el/games/all`);
    await notice(otherPage).getByText(title.el, { exact: true }).waitFor();
    await notice(otherPage).getByRole('button', { name: accept.el }).waitFor();

    // Without JavaScript the acceptance posts as a plain form and comes back to its page, notice gone.
    const signedIn = await contextOf(bareEmail);
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await signedIn.storageState(),
    });
    await signedIn.close();
    const barePage = await bare.newPage();
    await barePage.goto(`${announcing.url}/el/games/all`);
    await notice(barePage).getByRole('button', { name: accept.el }).click();
    await barePage.waitForURL(`${announcing.url}/el/games/all`);
    await barePage.getByRole('banner').waitFor();
    expect(await notice(barePage).count()).toBe(0);
    await visit(otherPage, `${announcing.url}/el/`);
    await notice(otherPage).getByText(title.el, { exact: true }).waitFor();

    await Promise.all([accepting.close(), other.close(), secondDevice.close(), bare.close()]);
  });

  it('is not shown to a visitor', async () => {
    const page = await browser.newPage();
    await visit(page, `${product.url}/`);
    await page.getByRole('banner').waitFor();
    expect(await notice(page).count()).toBe(0);
    await page.close();
  });
});

describe('realtimeCrmConfigure: a CRM event opens what the content configures for it', () => {
  /** Resolves once the page's realtime connection has subscribed to its crm_events channel. */
  function crmSubscribed(page: Page): Promise<void> {
    return new Promise((resolve) => {
      const asked = new Set<number>();
      page.on('websocket', (socket) => {
        socket.on('framesent', ({ payload }) => {
          for (const line of String(payload).split('\n')) {
            if (!line.trim()) continue;
            const command = JSON.parse(line) as { id?: number; subscribe?: { channel?: string } };
            if (command.subscribe?.channel?.startsWith('crm_events#') && command.id) asked.add(command.id);
          }
        });
        socket.on('framereceived', ({ payload }) => {
          for (const line of String(payload).split('\n')) {
            if (!line.trim()) continue;
            const reply = JSON.parse(line) as { id?: number; subscribe?: unknown };
            if (reply.id && asked.has(reply.id) && reply.subscribe) resolve();
          }
        });
      });
    });
  }

  const sendEvent = (playerId: string, event: string) =>
    fetch(`${product.url}/api/operator/players/${playerId}/crm_events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ event }),
    });

  async function openHome(context: BrowserContext, locale: Locale) {
    const page = await context.newPage();
    const subscribed = crmSubscribed(page);
    await visit(page, `${product.url}${copy[locale].prefix}/`);
    await subscribed;
    return page;
  }

  it("shows each player only their own event's message, in their language", async () => {
    const depositor = await signedIn('el', 'crm-depositor');
    const spinner = await signedIn('en', 'crm-spinner');
    const depositorPage = await openHome(depositor.context, 'el');
    const spinnerPage = await openHome(spinner.context, 'en');

    expect((await sendEvent(depositor.id, 'first_deposit_done')).status).toBe(202);
    const thanks = depositorPage.locator('[data-modal="ThankYou"]');
    await thanks
      .getByRole('heading', { name: 'Ευχαριστούμε για την πρώτη σας κατάθεση', exact: true })
      .waitFor();
    const play = thanks.getByRole('link', { name: 'Παίξτε Golden Drachma' });
    expect(await play.getAttribute('href')).toBe('/el/game/golden-drachma');

    expect((await sendEvent(spinner.id, 'wheel_available')).status).toBe(202);
    await spinnerPage.locator('[data-modal="FortuneWheel"] [data-fortune-wheel]').waitFor();
    // The depositor's event reached the depositor only.
    expect(await spinnerPage.locator('[data-modal="ThankYou"]').count()).toBe(0);
    expect(await depositorPage.locator('[data-modal="FortuneWheel"]').count()).toBe(0);

    await play.click();
    await depositorPage.waitForURL(`${product.url}/el/game/golden-drachma`);
    await Promise.all([depositor.context.close(), spinner.context.close()]);
  });

  it('refuses an event the content does not configure, a player who does not exist and no token', async () => {
    const { id, context } = await signedIn('en', 'crm-refused');
    const unknown = await sendEvent(id, 'birthday_party');
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { codes: unknown }).codes).toEqual({ event: ['validation.invalid'] });
    expect((await sendEvent('00000000-0000-4000-8000-000000000000', 'first_deposit_done')).status).toBe(404);
    const anonymous = await fetch(`${product.url}/api/operator/players/${id}/crm_events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: 'first_deposit_done' }),
    });
    expect(anonymous.status).toBe(401);
    await context.close();
  });
});
