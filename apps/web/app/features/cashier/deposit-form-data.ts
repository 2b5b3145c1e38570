import type { DepositOffer, VerificationStatus } from '@chrysos/contract';
import { useMatches } from 'react-router';
import type { Allowance } from '../compliance/limits/allowance';
import type { MethodsFor } from './use-methods';

/**
 * What the deposit form shows, as a page's loader read it for the active account's currency; each
 * part null when it could not be read (the form reads it itself then). A route whose page shows the
 * deposit form, or opens the cashier window over it, answers `{ depositForm }` from its loader.
 */
export interface DepositFormData {
  currency: string;
  methods: MethodsFor | null;
  offers: DepositOffer[] | null;
  allowance: Allowance | null;
  verification: VerificationStatus | null;
}

const carriesDepositForm = (data: unknown): data is { depositForm: DepositFormData } =>
  typeof data === 'object' && data !== null && 'depositForm' in data && data.depositForm !== null;

/** The deposit form's data of the deepest route on the page that read it; null when none did. */
export function useRouteDepositForm(): DepositFormData | null {
  const found = useMatches().findLast((match) => carriesDepositForm(match.loaderData));
  return found && carriesDepositForm(found.loaderData) ? found.loaderData.depositForm : null;
}
