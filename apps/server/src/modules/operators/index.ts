import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { operatorAuthenticator } from './authenticate.ts';
import { automationOperator } from './automation-operator.ts';
import { ensureDemoAdmin } from './demo-admin.ts';
import { operatorById } from './operator-by-id.ts';
import type { Operators } from './public.ts';
import { operatorRoutes, operatorSignInRoutes } from './routes.ts';

/**
 * The casino's operators as principals (issue 38, decision 45): accounts with a role, a password and
 * TOTP, their own sessions, API tokens with roles, and who makes each operator request
 * (`app.authenticateOperator`, which platform/operator-api.ts's scope asks on every operator route).
 */
async function operatorsPlugin(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const legacyToken = app.config.OPERATOR_API_TOKEN;
  const legacy = legacyToken
    ? { secret: Buffer.from(legacyToken), operatorId: await automationOperator(db, app.clock.now()) }
    : null;
  if (app.config.DEMO_MODE) await ensureDemoAdmin(db, app.clock.now());
  app.decorate('operators', { byId: (id: string) => operatorById(db, id) } satisfies Operators);
  app.decorate('authenticateOperator', operatorAuthenticator(app, legacy));
  await app.register(apiScope(operatorSignInRoutes(app)));
  await app.register(operatorScope(operatorRoutes));
}

export default fp(operatorsPlugin, {
  name: 'operators',
  dependencies: [
    'config',
    'database',
    'clock',
    'session',
    'api-conventions',
    'rate-limit',
    'operator-actions',
  ],
});
