import type { DepositOffer } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/** The deposit bonus offers the session's player can choose in `currency` now; null when unreadable. */
export async function readDepositOffers(app: AppContext, currency: string): Promise<DepositOffer[] | null> {
  const answer = await app.api(endpoints.bonuses.depositOffers, { query: { currency } }).catch(() => null);
  return answer?.ok ? answer.body : null;
}
