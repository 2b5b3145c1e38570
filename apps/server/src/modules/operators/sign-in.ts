import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { operatorActor } from '../../platform/operator-api.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { recordAudit } from '../compliance/public.ts';
import { isAllowedAddress } from './allow-list.ts';
import { startOperatorSession } from './sessions.ts';
import { totpStepOf } from './totp.ts';

/**
 * Signs an operator in: the password (argon2id, checked against a decoy when the email is unknown, so
 * timing says nothing), then the authenticator's code, taken once (a code overheard or replayed within
 * its 30 seconds is refused), then the address against their allow-list. Any of the first three wrong
 * is the same refusal. The sign-in is on the audit trail with the session. Answers the session's token
 * and the operator's id.
 */
export async function signInOperator(
  db: Db,
  credentials: { email: string; password: string; code: string },
  client: { ip: string; userAgent: string | undefined },
  now: Date,
): Promise<{ token: string; operatorId: string }> {
  const o = schema.operators;
  const [operator] = await db
    .select({
      id: o.id,
      passwordHash: o.passwordHash,
      totpSecret: o.totpSecret,
      ipAllowList: o.ipAllowList,
      disabledAt: o.disabledAt,
    })
    .from(o)
    .where(eq(o.email, credentials.email.trim().toLowerCase()));
  const passwordRight = await verifyPassword(operator?.passwordHash ?? null, credentials.password);
  if (!operator || !passwordRight || operator.disabledAt) throw new AppError('operators.sign_in_failed');
  const step = totpStepOf(operator.totpSecret, credentials.code, now);
  if (step === null) throw new AppError('operators.sign_in_failed');
  const [taken] = await db
    .update(o)
    .set({ totpLastStep: step })
    .where(and(eq(o.id, operator.id), or(isNull(o.totpLastStep), lt(o.totpLastStep, step))))
    .returning({ id: o.id });
  if (!taken) throw new AppError('operators.sign_in_failed');
  if (!isAllowedAddress(operator.ipAllowList, client.ip)) {
    throw new AppError('operators.address_not_allowed');
  }
  const token = await db.transaction(async (tx) => {
    const started = await startOperatorSession(tx, operator.id, client, now);
    await recordAudit(tx, {
      actor: operatorActor(operator),
      action: 'operator.signed_in',
      details: { user_agent: client.userAgent?.slice(0, 200) ?? null },
      ip: client.ip,
      at: now,
    });
    return started;
  });
  return { token, operatorId: operator.id };
}
