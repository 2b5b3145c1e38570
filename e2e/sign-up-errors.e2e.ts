import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');

describe('sign-up field errors follow what the visitor types (issue 31 item 21)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('keeps an invalid email its error and tells a short password its length, after a first try', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/users/sign_up`);
    const form = page
      .locator('form.auth-form')
      .filter({ has: page.getByRole('button', { name: 'Create account' }) });
    const email = form.getByLabel('Email address', { exact: true });
    const password = form.getByLabel('Password', { exact: true });
    await form.getByRole('button', { name: 'Create account', exact: true }).click();
    await form.getByText('Field is required').first().waitFor();

    await email.fill('not-an-email');
    await form.getByText('Must be a valid email').waitFor();
    await password.fill('abc');
    await form.getByText('Must be at least 8 characters').waitFor();
    expect(await form.getByText('Field is required').count()).toBe(2); // the two boxes still unticked

    await email.fill('player@example.com');
    await form.getByText('Must be a valid email').waitFor({ state: 'detached' });
    await password.fill('a sturdy passphrase');
    await form.getByText('Must be at least 8 characters').waitFor({ state: 'detached' });
    await context.close();
  });
});
