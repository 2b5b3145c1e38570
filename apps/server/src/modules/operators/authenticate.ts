import { timingSafeEqual } from 'node:crypto';
import type { OperatorRole } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { operatorSessionCookieName } from '../../platform/http-session.ts';
import { abilitiesOf } from './abilities.ts';
import { isAllowedAddress } from './allow-list.ts';
import { tokenOfSecret } from './api-tokens.ts';
import { operatorById } from './operator-by-id.ts';
import type { OperatorPrincipal } from './public.ts';
import { operatorOfSession } from './sessions.ts';

/** No credentials, or none that hold: the operator API's one 401 (decision 16 keeps its first name). */
const credentialsRequired = () => new AppError('cashier.operator_token_required', { field: 'authorization' });

/** A live operator's account: null for one disabled (or unknown). */
async function liveOperator(db: Db, id: string) {
  const operator = await operatorById(db, id);
  return operator && !operator.disabledAt ? operator : null;
}

/**
 * Who makes an operator request: an API token (`Authorization: Bearer`, answered for by the operator
 * who made it, with the token's role), or an operator's session cookie (idle time and day checked,
 * and their address against their allow-list on every request, not only at sign-in). The deployment's
 * OPERATOR_API_TOKEN, where still set, is the API token of its own automation account (`legacy`).
 * Read once per request.
 */
export function operatorAuthenticator(
  app: FastifyInstance,
  legacy: { secret: Buffer; operatorId: string } | null,
): (request: FastifyRequest) => Promise<OperatorPrincipal> {
  const { db } = app.database;
  const limits = {
    idleMs: app.config.OPERATOR_IDLE_MINUTES * 60_000,
    lifetimeMs: app.config.OPERATOR_SESSION_HOURS * 3_600_000,
  };
  const principal = (
    operator: NonNullable<Awaited<ReturnType<typeof liveOperator>>>,
    role: OperatorRole,
    via: OperatorPrincipal['via'],
    tokenId?: string,
  ): OperatorPrincipal => ({
    id: operator.id,
    email: operator.email,
    name: operator.name,
    role,
    via,
    ...(tokenId ? { tokenId } : {}),
    abilities: abilitiesOf(role),
  });

  async function authenticate(request: FastifyRequest): Promise<OperatorPrincipal> {
    const now = app.clock.now();
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      if (!authorization.startsWith('Bearer ')) throw credentialsRequired();
      const secret = authorization.slice('Bearer '.length);
      const given = Buffer.from(secret);
      if (legacy && given.length === legacy.secret.length && timingSafeEqual(given, legacy.secret)) {
        const automation = await liveOperator(db, legacy.operatorId);
        if (!automation) throw credentialsRequired();
        return principal(automation, 'admin', 'api_token');
      }
      const token = await tokenOfSecret(db, secret, now);
      const maker = token && (await liveOperator(db, token.createdBy));
      if (!token || !maker) throw credentialsRequired();
      return principal(maker, token.role, 'api_token', token.id);
    }
    const cookie = request.cookies[operatorSessionCookieName];
    if (!cookie) throw credentialsRequired();
    const session = await operatorOfSession(db, cookie, limits, now);
    if (session === 'expired') {
      throw new AppError('operators.session_expired', {
        params: { minutes: app.config.OPERATOR_IDLE_MINUTES },
      });
    }
    const operator = session && (await liveOperator(db, session.operatorId));
    if (!operator) throw credentialsRequired();
    if (!isAllowedAddress(operator.ipAllowList, request.ip))
      throw new AppError('operators.address_not_allowed');
    return principal(operator, operator.role, 'session');
  }

  const read = new WeakMap<FastifyRequest, Promise<OperatorPrincipal>>();
  return (request) => {
    let found = read.get(request);
    if (!found) {
      found = authenticate(request);
      read.set(request, found);
    }
    return found;
  };
}
