import { type OperatorRole, operatorApi } from '@chrysos/contract';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { visit } from '../browser.ts';
import { apiAt } from './api.ts';
import { uniqueAddress } from './players.ts';
import { operatorToken } from './products.ts';

export interface BackofficeOperator {
  id: string;
  email: string;
  password: string;
  role: OperatorRole;
  /** Their authenticator app's code now (RFC 6238, as any authenticator app computes it). */
  code(): string;
}

/**
 * An operator of their own, made as an admin makes one in the API (the product's automation account,
 * OPERATOR_API_TOKEN, is an admin), with the TOTP secret it shows once.
 */
export async function newBackofficeOperator(
  baseUrl: string,
  role: OperatorRole,
): Promise<BackofficeOperator> {
  const admin = apiAt(baseUrl, { authorization: `Bearer ${operatorToken}` });
  const email = uniqueAddress(`operator-${role}`, 'chrysos.example');
  const password = `Harbour-Lantern-${role}-2026`;
  const made = await admin(operatorApi.createOperator, {
    body: { email, name: `${role[0]?.toUpperCase()}${role.slice(1)} operator`, role, password },
  });
  if (!made.ok) throw new Error(`no operator was made (${made.status}): ${JSON.stringify(made.body)}`);
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(made.body.totp_secret),
  });
  return { id: made.body.id, email, password, role, code: () => totp.generate() };
}

/** Signs the operator in on the back office's sign-in page, as they would, and waits for the console. */
export async function signInToBackoffice(page: Page, baseUrl: string, operator: BackofficeOperator) {
  await visit(page, `${baseUrl}/backoffice`);
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Code from your authenticator app').fill(operator.code());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}
