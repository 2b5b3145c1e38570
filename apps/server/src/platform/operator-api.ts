import type { OperatorAbility, OperatorAction, OperatorRole, OperatorSubject } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from './api-conventions.ts';
import { AppError } from './errors.ts';

/** The operator a request is made by, as every operator route sees it (modules/operators fills it in). */
export interface RequestOperator {
  /** An operator's id: the audit trail's actor (`operator:<id>`), for an API token its maker's. */
  id: string;
  /** Their name, as colleagues read it in the console (an API token's: its maker's). */
  name: string;
  role: OperatorRole;
  via: 'session' | 'api_token';
  abilities: { can(action: OperatorAction, subject: OperatorSubject): boolean };
}

/** An operator's action as the audit trail keeps it; who, from where and when are the request's. */
export interface OperatorActionRecord {
  /** `<subject>.<verb>`: `player_groups.changed`, `comp_points.granted` … */
  action: string;
  playerId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one operator action, its actor and address given, in the transaction `tx`. */
export type OperatorActionWriter = (
  tx: Db,
  entry: OperatorActionRecord & { actor: `operator:${string}`; ip: string },
) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Who makes an operator request; refuses (401/403) a request without credentials that hold. */
    authenticateOperator(request: FastifyRequest): Promise<RequestOperator>;
    /**
     * Writes an operator's action to the audit trail in the caller's transaction `tx`, so the record and
     * the action commit together; the trail is compliance's data, and compliance gives the writer
     * (`keepOperatorActionsIn`).
     */
    recordOperatorAction(tx: Db, request: FastifyRequest, action: OperatorActionRecord): Promise<void>;
    /** Where operators' actions are written (the audit trail's own writer, given once at start). */
    keepOperatorActionsIn(writer: OperatorActionWriter): void;
  }
  interface FastifyRequest {
    /** Set on every route of an operatorScope before its handler runs. */
    operator?: RequestOperator;
    /** Set once the request's action is on the audit trail (recordOperatorAction). */
    operatorActionRecorded?: boolean;
  }
  interface FastifyContextConfig {
    /** An operator route's ability (the contract's endpoint carries it; routeOf copies it here). */
    ability?: OperatorAbility;
    /** An operator route any signed-in operator may call (their own session, who they are). */
    anyOperator?: boolean;
  }
}

/** The audit trail's actor for what an operator does (an API token's: its maker's). */
export const operatorActor = (operator: Pick<RequestOperator, 'id'>) => `operator:${operator.id}` as const;

/**
 * Says that a handler's action is on the audit trail, written in its transaction by the module function
 * it called with the operator as the actor (cashier.approve, reviewDocument …); answers `value`.
 */
export function recorded<T>(request: FastifyRequest, value: T): T {
  request.operatorActionRecorded = true;
  return value;
}

/** The operator a route of an operatorScope is called by (set before its handler runs). */
export function operatorOf(request: FastifyRequest): RequestOperator {
  if (!request.operator) throw new Error(`${request.url} is not an operator route`);
  return request.operator;
}

/**
 * A module's part of the operator API (/api/operator/*): the player API's conventions (apiScope), each
 * request made by an operator principal (modules/operators: a session with TOTP, or an API token) whose
 * role has the route's ability, checked on the server whatever the back office shows. A route that
 * declares no ability (and is not open to any operator) fails the server's start: nothing is reachable
 * by default. No credentials is `cashier.operator_token_required` (401) whichever module's route was
 * asked (codes are never renamed, decision 16); a role without the ability is `operators.forbidden`.
 * Answers are personal: never cached.
 */
export function operatorScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return apiScope(async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const config = route.config as { ability?: OperatorAbility; anyOperator?: boolean } | undefined;
      if (!config?.ability && !config?.anyOperator) {
        throw new Error(`the operator route ${String(route.method)} ${route.url} declares no ability`);
      }
    });
    // A change an operator made that is not on the audit trail is a fault of ours, said loudly: every
    // state-changing operator route records its action (recordOperatorAction) in its transaction.
    app.addHook('onSend', async (request, reply, payload) => {
      const changed = request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300;
      if (changed && !request.operatorActionRecorded) {
        throw new Error(`${request.method} ${request.routeOptions.url} changed state without an audit row`);
      }
      return payload;
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const operator = await app.authenticateOperator(request);
      const ability = request.routeOptions.config.ability;
      if (ability && !operator.abilities.can(ability[0], ability[1])) {
        throw new AppError('operators.forbidden', { params: { action: ability[0], subject: ability[1] } });
      }
      request.operator = operator;
    });
    await app.register(routes);
  });
}

/**
 * The operators' actions, recorded where the audit trail keeps them: modules call
 * `app.recordOperatorAction`, and the module that owns the trail gives the writer at start.
 */
async function operatorActions(app: FastifyInstance): Promise<void> {
  let writer: OperatorActionWriter | null = null;
  app.decorate('keepOperatorActionsIn', (given: OperatorActionWriter) => {
    writer = given;
  });
  app.decorate(
    'recordOperatorAction',
    async (tx: Db, request: FastifyRequest, entry: OperatorActionRecord) => {
      if (!writer) throw new Error('no audit trail to record operator actions in');
      await writer(tx, { ...entry, actor: operatorActor(operatorOf(request)), ip: request.ip });
      request.operatorActionRecorded = true;
    },
  );
}

export default fp(operatorActions, { name: 'operator-actions' });
