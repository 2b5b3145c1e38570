import { randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../platform/passwords.ts';
import { newTotpSecret } from './totp.ts';

/** The account the deployment's OPERATOR_API_TOKEN acts as: nobody can sign in as it. */
export const automationEmail = 'operator-api-token@automation.invalid';

/**
 * The deployment's OPERATOR_API_TOKEN, where still set, is the API token of an account of its own
 * (role admin), so the audit trail tells what it did from what each operator did. The account has a
 * random password nobody knows and a TOTP secret nobody holds: it can only be used through the token.
 * Made once; every instance finds the same one.
 */
export async function automationOperator(db: Db, now: Date): Promise<string> {
  const o = schema.operators;
  await db
    .insert(o)
    .values({
      email: automationEmail,
      name: 'OPERATOR_API_TOKEN (automation)',
      role: 'admin',
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      totpSecret: newTotpSecret(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: o.email });
  const [row] = await db.select({ id: o.id }).from(o).where(eq(o.email, automationEmail));
  if (!row) throw new Error('the automation operator was not made');
  return row.id;
}
