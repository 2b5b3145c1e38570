import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { OperatorAbility, OperatorIdentity } from '@chrysos/contract';

/**
 * What the signed-in operator may do, from the rules the server sent with their identity: the same
 * CASL rules the server enforces, so the console offers only what the server would allow. Hiding is a
 * courtesy; the server refuses regardless.
 */
export type OperatorCan = (...ability: OperatorAbility) => boolean;

export function operatorCan(rules: OperatorIdentity['rules']): OperatorCan {
  const ability: MongoAbility = createMongoAbility(rules);
  return (action, subject) => ability.can(action, subject);
}
