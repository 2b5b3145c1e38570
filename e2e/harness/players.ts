import { authApi } from '@chrysos/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { live, visit } from '../browser.ts';
import { apiAt, apiOf } from './api.ts';
import type { Copy, Locale } from './copy.ts';

/** Node's fetch calls itself "node", which bot detection rightly flags; visitors here use a browser. */
export const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let counter = 0;
/** An address no other spec or run uses. */
export const uniqueAddress = (label: string, domain = 'example.gr') =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@${domain}`;

const random16 = () => Math.floor(Math.random() * 0x10000).toString(16);
/** This spec file's part of the documentation range 2001:db8::/32: spec files run in processes of their own. */
const visitorPrefix = `2001:db8:${random16()}`;
let visitor = 0;
/**
 * A documentation address of its own for a visitor: the products behind the specs trust their proxy
 * (as behind a load balancer), so these count as different visitors, and the per-address counters the
 * products share between spec files (sign-ups an hour, failed sign-ins before a captcha) are not spent
 * by set-up or by another spec. Each is a /64 of its own: rate limits count an IPv6 client by its /64.
 * The browser's own requests come from 127.0.0.1 unless given one.
 */
export const visitorAddress = () => `${visitorPrefix}:${(++visitor).toString(16)}::1`;

/**
 * Registers a player through the API, as setup for a journey that starts later (the registration
 * journey itself goes through the browser). With a country, CompleteRegistration has nothing to ask.
 */
export async function createPlayer(
  baseUrl: string,
  player: { email: string; password: string; language: Locale; country?: string },
): Promise<void> {
  const api = apiAt(baseUrl, { 'user-agent': browserAgent, 'x-forwarded-for': visitorAddress() });
  const answer = await api(authApi.signUp, {
    body: { user: { country: 'GR', ...player, terms_acceptance: true, age_acceptance: true } },
  });
  if (!answer.ok) throw new Error(`sign-up failed (${answer.status}): ${JSON.stringify(answer.body)}`);
}

/** Whether the API lets this email and password in (read without a browser). */
export async function canSignIn(baseUrl: string, email: string, password: string): Promise<boolean> {
  const answer = await apiAt(baseUrl, { 'user-agent': browserAgent })(authApi.signIn, {
    body: { user: { email, password } },
  });
  return answer.ok;
}

/** The header's account button: there once the header shows a signed-in player; it opens the account menu. */
export const accountButton = (page: Page, text: Copy) =>
  page.getByRole('banner').getByRole('button', { name: text.account });

/** Signs out the way a player does: the account button in the header, then Sign out in its menu. */
export async function signOutFromHeader(page: Page, text: Copy) {
  await live(accountButton(page, text));
  await accountButton(page, text).click();
  await page.getByRole('banner').getByRole('button', { name: text.signOut, exact: true }).click();
}

/** Signs in on /users/sign_in in the page's language and waits until the header shows the player. */
export async function signInOnPage(page: Page, baseUrl: string, text: Copy, email: string, password: string) {
  await visit(page, `${baseUrl}${text.prefix}/users/sign_in`);
  await page.waitForLoadState('networkidle');
  await page.getByLabel(text.email, { exact: true }).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
  await live(accountButton(page, text));
}

/**
 * Signs a browser context in through the API, as setup for a journey that is not about signing in:
 * the context's cookie jar keeps the session, so its pages open signed in.
 */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  email: string,
  password: string,
) {
  const answer = await apiOf(context, baseUrl, {
    'user-agent': browserAgent,
    'x-forwarded-for': visitorAddress(),
  })(authApi.signIn, {
    body: { user: { email, password } },
  });
  if (!answer.ok) throw new Error(`sign-in failed (${answer.status}): ${JSON.stringify(answer.body)}`);
}

/** The message under a form field: fields are `<prefix>-<name>` with the problem at `#<id>-problem`. */
export const problemOf = (page: Page, prefix: string, field: string) =>
  page.locator(`#${prefix}-${field}-problem`);
