import { switchAccountBody } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { refusedStatus, textField } from '../../lib/form-action.server';

/** Making a held account the active one, or opening one in a currency not held yet. */
export type SwitchIntent = 'activate' | 'add';

/**
 * The answer of an account switch on /profile/wallet/balance, for the fetcher of the header's account
 * list or of the balance page, or the page rendered with it (without JavaScript). `status` of a
 * refusal: the API's, 422 for a currency the form never offers, null when no answer came.
 */
export type SwitchResult =
  | { intent: SwitchIntent; ok: true; currency: string }
  | { intent: SwitchIntent; ok: false; currency: string; status: number | null };

/**
 * Spec §4 Account switch through the in-process API as the session's player (decision 9): sets the
 * active currency (adding the account if new). The action answers once the page's loaders have run
 * again, so the root's player and wallet, and the comp points a page shows (their exchange pays into the
 * active account), are read in the new currency without a reload.
 */
export async function switchAccountAction(app: AppContext, form: FormData) {
  const intent: SwitchIntent = form.get('intent') === 'add' ? 'add' : 'activate';
  const currency = textField(form, 'currency').toUpperCase();
  const posted = switchAccountBody.safeParse({ currency });
  const answer = posted.success
    ? await app.api(endpoints.wallet.switchAccount, { body: posted.data }).catch(() => null)
    : undefined;
  if (answer?.ok) return { intent, ok: true, currency } satisfies SwitchResult;
  return data(
    {
      intent,
      ok: false,
      currency,
      status: answer === undefined ? 422 : (answer?.status ?? null),
    } satisfies SwitchResult,
    { status: refusedStatus(answer) },
  );
}
