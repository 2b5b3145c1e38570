import { type OperatorIdentity, operatorApi, operatorRoleRules } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { operatorSessionCookieName } from '../../platform/http-session.ts';
import { operatorOf, type RequestOperator } from '../../platform/operator-api.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { createApiToken, listApiTokens, presentToken, revokeApiToken } from './api-tokens.ts';
import { createOperator, OperatorRefused } from './create-operator.ts';
import { listOperatorAccounts } from './list-operators.ts';
import { endOperatorSession } from './sessions.ts';
import { signInOperator } from './sign-in.ts';

/** Who an operator is, as their console reads it: their role's rules included, never a secret. */
async function identityOf(
  app: FastifyInstance,
  operator: Pick<RequestOperator, 'id' | 'role' | 'via'>,
): Promise<OperatorIdentity> {
  const found = await app.operators.byId(operator.id);
  if (!found) throw new Error(`operator ${operator.id} vanished`);
  return {
    id: found.id,
    email: found.email,
    name: found.name,
    role: operator.role,
    rules: operatorRoleRules[operator.role].map((rule) => ({ ...rule })),
    via: operator.via,
  };
}

const cookieOptions = (reply: FastifyReply, maxAgeSeconds: number) => ({
  path: '/',
  httpOnly: true,
  // Never sent with a request another site starts: the console is only ever opened from itself.
  sameSite: 'strict' as const,
  secure: reply.request.protocol === 'https',
  maxAge: maxAgeSeconds,
});

/** Signing in (no operator yet, so outside the operator scope), rate-limited per address. */
export function operatorSignInRoutes(outer: FastifyInstance): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(operatorApi.signIn, { rateLimit: limitOf('operatorSignIn') }),
      handler: async (request, reply) => {
        const { token, operatorId } = await signInOperator(
          outer.database.db,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          outer.clock.now(),
        );
        reply.setCookie(
          operatorSessionCookieName,
          token,
          cookieOptions(reply, outer.config.OPERATOR_SESSION_HOURS * 3600),
        );
        reply.header('cache-control', 'private, no-store');
        const found = await outer.operators.byId(operatorId);
        if (!found) throw new Error(`operator ${operatorId} vanished`);
        return identityOf(outer, { id: found.id, role: found.role, via: 'session' });
      },
    });
  };
}

/** The operator's own session and identity, and the API tokens (admin's). Under operatorScope. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(operatorApi.me, { anyOperator: true }),
    handler: async (request) => identityOf(app, operatorOf(request)),
  });

  app.route({
    ...routeOf(operatorApi.signOut, { anyOperator: true }),
    handler: async (request, reply) => {
      const token = request.cookies[operatorSessionCookieName];
      await app.database.db.transaction(async (tx) => {
        if (token) await endOperatorSession(tx, token, app.clock.now());
        await app.recordOperatorAction(tx, request, { action: 'operator.signed_out' });
      });
      reply.clearCookie(operatorSessionCookieName, { path: '/' });
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(operatorApi.listOperators),
    handler: async () => listOperatorAccounts(app.database.db),
  });

  app.route({
    ...routeOf(operatorApi.createOperator),
    handler: async (request, reply) => {
      const { ip_allow_list: ipAllowList, ...account } = request.body;
      const made = await app.database.db
        .transaction(async (tx) => {
          const created = await createOperator(tx, { ...account, ipAllowList }, app.clock.now());
          await app.recordOperatorAction(tx, request, {
            action: 'operator.created',
            details: { operator_id: created.id, email: account.email, role: account.role },
          });
          return created;
        })
        .catch((error: unknown) => {
          if (!(error instanceof OperatorRefused)) throw error;
          throw new AppError(error.code, { field: error.field, params: error.params });
        });
      const [row] = (await listOperatorAccounts(app.database.db)).filter((found) => found.id === made.id);
      if (!row) throw new Error(`operator ${made.id} vanished`);
      return reply.code(201).send({ ...row, totp_secret: made.totpSecret, totp_uri: made.totpUri });
    },
  });

  app.route({
    ...routeOf(operatorApi.listTokens),
    handler: async () => (await listApiTokens(app.database.db)).map(presentToken),
  });

  app.route({
    ...routeOf(operatorApi.createToken),
    handler: async (request, reply) => {
      const operator = operatorOf(request);
      const now = app.clock.now();
      const { row, secret } = await app.database.db.transaction(async (tx) => {
        const made = await createApiToken(tx, { ...request.body, createdBy: operator.id }, now);
        await app.recordOperatorAction(tx, request, {
          action: 'operator.api_token_created',
          details: { token_id: made.row.id, name: made.row.name, role: made.row.role },
        });
        return made;
      });
      return reply.code(201).send({ ...presentToken(row), token: secret });
    },
  });

  app.route({
    ...routeOf(operatorApi.revokeToken),
    handler: async (request) => {
      const now = app.clock.now();
      const row = await app.database.db.transaction(async (tx) => {
        const revoked = await revokeApiToken(tx, request.params.id, now);
        await app.recordOperatorAction(tx, request, {
          action: 'operator.api_token_revoked',
          details: { token_id: revoked.id, name: revoked.name },
        });
        return revoked;
      });
      return presentToken(row);
    },
  });
};
