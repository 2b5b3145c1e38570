import type { OperatorIdentity } from '@chrysos/contract';
import { useMemo } from 'react';
import { useOutletContext } from 'react-router';
import { type OperatorCan, operatorCan } from './operator-ability';

/** The signed-in operator of a console page (the back office layout hands it down), and what they may do. */
export function useOperator(): { operator: OperatorIdentity; can: OperatorCan } {
  const operator = useOutletContext<OperatorIdentity>();
  const can = useMemo(() => operatorCan(operator.rules), [operator.rules]);
  return { operator, can };
}
