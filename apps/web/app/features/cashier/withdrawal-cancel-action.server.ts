import type { Payment } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import { z } from 'zod';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus } from '../../lib/form-action.server';

/**
 * The answer of a withdrawal's cancellation on /profile/wallet/withdrawal, for the list's fetcher or
 * the page rendered with it (without JavaScript): the withdrawal as it now is, or why not (`status`
 * 409: it is no longer awaiting approval; null: no answer).
 */
export type CancelResult =
  | { intent: 'cancel'; ok: true; payment: Payment }
  | { intent: 'cancel'; ok: false; status: number | null };

const target = z.object({ id: z.uuid() });

/**
 * Cancels one of the session player's withdrawals awaiting approval (spec §7 DELETE
 * /payments/withdrawals/:id) through the in-process API as that player (decision 9), so a withdrawal
 * of anyone else is the API's 404. The page's loaders and the root's wallet read again after it.
 */
export async function cancelWithdrawalAction(app: AppContext, form: FormData) {
  const posted = target.safeParse({ id: form.get('id') });
  if (!posted.success) {
    return data({ intent: 'cancel', ok: false, status: 422 } satisfies CancelResult, { status: 422 });
  }
  const answer = await app.api(endpoints.cashier.cancelWithdrawal, { params: posted.data }).catch(() => null);
  if (answer?.ok) return { intent: 'cancel', ok: true, payment: answer.body } satisfies CancelResult;
  return data({ intent: 'cancel', ok: false, status: answer?.status ?? null } satisfies CancelResult, {
    status: refusedStatus(answer),
  });
}
