import type { OperatorRole } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { hashPassword, isCommonPassword } from '../../platform/passwords.ts';
import { isAllowListEntry } from './allow-list.ts';
import { newTotpSecret, totpUri } from './totp.ts';

/** Why an account was not made: said to whoever ran the command, and the API's refusal (its code). */
export class OperatorRefused extends Error {
  readonly code: 'operators.email_taken' | 'operators.password_too_weak' | 'operators.allow_list_invalid';
  readonly field: 'email' | 'password' | 'ip_allow_list';
  readonly params: Record<string, string>;

  constructor(code: OperatorRefused['code'], field: OperatorRefused['field'], message: string, params = {}) {
    super(message);
    this.code = code;
    this.field = field;
    this.params = params;
  }
}

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
  ipAllowList?: readonly string[];
}

/**
 * Makes an operator's account (the operator:create command, and an admin in the API): the password hashed
 * with argon2id, a new TOTP secret, which is answered once, with its otpauth:// URI, for the operator
 * to add to their authenticator app. A password of fewer than 12 characters or among the most common
 * ones is refused (these accounts move money), as are a taken email and a malformed allow-list.
 */
export async function createOperator(
  db: Db,
  operator: NewOperator,
  now: Date,
): Promise<{ id: string; totpSecret: string; totpUri: string }> {
  const email = operator.email.trim().toLowerCase();
  if (operator.password.length < 12 || isCommonPassword(operator.password)) {
    throw new OperatorRefused(
      'operators.password_too_weak',
      'password',
      'the password needs at least 12 characters and must not be a common one',
    );
  }
  const allowList = operator.ipAllowList ?? [];
  const wrong = allowList.filter((entry) => !isAllowListEntry(entry));
  if (wrong.length > 0) {
    const entries = wrong.join(', ');
    throw new OperatorRefused(
      'operators.allow_list_invalid',
      'ip_allow_list',
      `not an address or CIDR block: ${entries}`,
      {
        entries,
      },
    );
  }
  const totpSecret = newTotpSecret();
  const [row] = await db
    .insert(schema.operators)
    .values({
      email,
      name: operator.name.trim(),
      role: operator.role,
      passwordHash: await hashPassword(operator.password),
      totpSecret,
      ipAllowList: [...allowList],
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.operators.id });
  if (!row)
    throw new OperatorRefused('operators.email_taken', 'email', `an operator with the email ${email} exists`);
  return { id: row.id, totpSecret, totpUri: totpUri(totpSecret, email) };
}
