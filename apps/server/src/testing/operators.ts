import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { createApiToken } from '../modules/operators/api-tokens.ts';
import { automationEmail } from '../modules/operators/automation-operator.ts';
import { createOperator } from '../modules/operators/create-operator.ts';
import { totpCodeAt } from '../modules/operators/totp.ts';
import type { buildTestApp } from './build-test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

export interface TestOperator {
  id: string;
  email: string;
  password: string;
  role: OperatorRole;
  /** Their authenticator app: the code of a moment (the product's now by default). */
  code(at?: Date): string;
  /** The audit trail's actor for what they do. */
  actor: `operator:${string}`;
}

/** A new operator of their own, made as the operator:create command makes one. */
export async function newOperator(
  app: TestApp,
  role: OperatorRole,
  options: { ipAllowList?: string[] } = {},
): Promise<TestOperator> {
  const email = `operator-${randomUUID()}@chrysos.example`;
  const password = `Harbour-Lantern-${randomUUID().slice(0, 8)}`;
  const made = await createOperator(
    app.database.db,
    {
      email,
      name: `Test ${role}`,
      role,
      password,
      ...(options.ipAllowList ? { ipAllowList: options.ipAllowList } : {}),
    },
    app.clock.now(),
  );
  return {
    id: made.id,
    email,
    password,
    role,
    code: (at = app.clock.now()) => totpCodeAt(made.totpSecret, at),
    actor: `operator:${made.id}`,
  };
}

/** An API token of `role` made by a new admin: the Authorization header's value, and its maker. */
export async function newOperatorToken(
  app: TestApp,
  role: OperatorRole,
): Promise<{ authorization: string; maker: TestOperator }> {
  const maker = await newOperator(app, 'admin');
  const { secret } = await createApiToken(
    app.database.db,
    { name: `test ${role}`, role, createdBy: maker.id },
    app.clock.now(),
  );
  return { authorization: `Bearer ${secret}`, maker };
}

/** The audit trail's actor of the deployment's OPERATOR_API_TOKEN (its automation account). */
export async function automationActor(app: TestApp): Promise<`operator:${string}`> {
  const [row] = await app.database.db
    .select({ id: schema.operators.id })
    .from(schema.operators)
    .where(eq(schema.operators.email, automationEmail));
  if (!row) throw new Error('no automation operator: is OPERATOR_API_TOKEN set?');
  return `operator:${row.id}`;
}
