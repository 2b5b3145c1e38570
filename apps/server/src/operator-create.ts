import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { operatorRoles } from '@chrysos/contract';
import { createDatabase } from '@chrysos/db';
import pino from 'pino';
import { runDeploySteps } from './deploy/deploy-steps.ts';
import { configOrExit } from './modules/config.ts';
import { createOperator, OperatorRefused } from './modules/operators/create-operator.ts';

/**
 * `npm run operator:create -- --email … --name … --role admin [--allow 10.0.0.0/8,…]`: makes an operator's
 * account, the way the first admin comes to be (there is no default password anywhere). The password is
 * read from OPERATOR_PASSWORD or, without it, from the first line of standard input. Prints the TOTP
 * secret and its otpauth:// URI once, for the operator's authenticator app: every sign-in asks for its
 * code. The database is brought up to date first (the deploy steps), so it works on a new machine; on
 * the embedded database, run it while the product is stopped.
 */
const usage =
  'usage: npm run operator:create -- --email <email> --name <name> --role <role> [--allow <cidr,…>]\n' +
  `roles: ${operatorRoles.join(', ')}; the password from OPERATOR_PASSWORD or standard input`;

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    allow: { type: 'string' },
  },
});
const role = operatorRoles.find((each) => each === values.role);
if (!values.email || !values.name || !role) {
  console.error(usage);
  process.exit(2);
}

async function passwordGiven(): Promise<string> {
  if (process.env.OPERATOR_PASSWORD) return process.env.OPERATOR_PASSWORD;
  const lines = createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Password (at least 12 characters): ');
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const config = configOrExit(process.env);

const password = await passwordGiven();
const database = await createDatabase({
  url: config.DATABASE_URL,
  dataDir: `${config.DATA_DIR}/pglite`,
  poolSize: 2,
});
try {
  await runDeploySteps(database, config, pino({ level: 'warn' }));
  const made = await createOperator(
    database.db,
    {
      email: values.email,
      name: values.name,
      role,
      password,
      ipAllowList: values.allow ? values.allow.split(',').map((entry) => entry.trim()) : [],
    },
    new Date(),
  );
  console.log(`operator ${made.id} (${role}) made for ${values.email.trim().toLowerCase()}`);
  console.log('Add this to their authenticator app now; it is not shown again:');
  console.log(`  secret: ${made.totpSecret}`);
  console.log(`  ${made.totpUri}`);
} catch (error) {
  if (!(error instanceof OperatorRefused)) throw error;
  console.error(`no operator was made: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
