import type { OperatorRole } from '@chrysos/contract';
import type { schema } from '@chrysos/db';
import type { OperatorAbilities } from './abilities.ts';

/**
 * Who makes an operator request (operators/authenticate.ts): an operator signed in, or an API token,
 * answered for by the operator who made it. `id` is always an operator's: the audit trail's actor.
 */
export interface OperatorPrincipal {
  id: string;
  email: string;
  name: string;
  /** The operator's role; for an API token, the token's own. */
  role: OperatorRole;
  via: 'session' | 'api_token';
  /** The API token's id, when the request came with one. */
  tokenId?: string;
  abilities: OperatorAbilities;
}

/** The audit trail's actor for what a principal does. */
export const operatorActor = (principal: Pick<OperatorPrincipal, 'id'>) =>
  `operator:${principal.id}` as const;

export type { OperatorAbilities } from './abilities.ts';

/** An operator's account as other modules may read it: never its password or TOTP secret. */
export type OperatorRow = Pick<
  typeof schema.operators.$inferSelect,
  'id' | 'email' | 'name' | 'role' | 'disabledAt'
>;

export interface Operators {
  /** An operator's account (disabled ones included). */
  byId(id: string): Promise<OperatorRow | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    operators: Operators;
  }
}
