import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/**
 * Whether the signed-in player has made a deposit (one that succeeded), read from their payments as the
 * browser would (GET /player/payments): the home page's first-deposit banner is for those who have not.
 * A visitor has not; when the payments cannot be read the banner stays.
 */
export async function hasDeposited(app: AppContext): Promise<boolean> {
  if (!app.player) return false;
  const answer = await app.api(endpoints.cashier.payments, {}).catch(() => null);
  return (
    answer?.ok === true &&
    answer.body.some((payment) => payment.kind === 'deposit' && payment.status === 'succeeded')
  );
}
