import { createMongoAbility, type MongoAbility } from '@casl/ability';
import {
  type OperatorAction,
  type OperatorRole,
  type OperatorSubject,
  operatorRoleRules,
  operatorRoles,
} from '@chrysos/contract';

export type OperatorAbilities = MongoAbility<[OperatorAction, OperatorSubject]>;

/** Each role's abilities, built once from the contract's rules (the back office reads the same rules). */
const byRole = new Map<OperatorRole, OperatorAbilities>(
  operatorRoles.map((role) => [
    role,
    createMongoAbility<OperatorAbilities>(operatorRoleRules[role].map((rule) => ({ ...rule }))),
  ]),
);

export function abilitiesOf(role: OperatorRole): OperatorAbilities {
  const abilities = byRole.get(role);
  if (!abilities) throw new Error(`no abilities for the role ${role}`);
  return abilities;
}
