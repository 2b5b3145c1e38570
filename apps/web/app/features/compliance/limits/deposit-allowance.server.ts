import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../../lib/app-context';
import { type Allowance, allowanceOf } from './allowance';

/** The session's player's deposit allowance in `currency`, read in-process; null when unreadable. */
export async function readDepositAllowance(app: AppContext, currency: string): Promise<Allowance | null> {
  const answer = await app.api(endpoints.limits.list, {}).catch(() => null);
  return answer?.ok ? allowanceOf(answer.body, currency) : null;
}
