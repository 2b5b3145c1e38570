import type { Payment } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import { type ApiProblem, problemsOf } from '../../lib/api-errors';
import type { AppContext } from '../../lib/app-context';
import { type Refusal, refusedStatus, textField } from '../../lib/form-action.server';
import { withBonusTitle } from './forfeit-warning';
import { postedMoney } from './posted-amount.server';

/**
 * The answer of a withdrawal request on /profile/wallet/withdrawal, for the form's fetcher or the page
 * rendered with it (without JavaScript): the withdrawal (awaiting approval or approved at once), or
 * why not. `forfeit`: a bonus runs in the currency, named by its title, which the player confirms
 * forfeiting first; `field`: the amount could not be read; `amount`: what was typed, shown again.
 */
export type WithdrawResult =
  | { intent: 'withdraw'; ok: true; payment: Payment }
  | {
      intent: 'withdraw';
      ok: false;
      refusal: Refusal;
      forfeit?: ApiProblem;
      field?: 'invalid';
      amount: string;
    };

/**
 * Requests a withdrawal from one of the session player's accounts (spec §7 POST /payments/withdrawals)
 * through the in-process API as that player (decision 9). While a bonus runs the API refuses it
 * (cashier.bonus_active) until the form is posted again with `forfeit_bonus=yes` (issue 16: never
 * silently); the refusal names the bonus by its title from the player's bonus list, in the page's language.
 */
export async function withdrawAction(app: AppContext, form: FormData) {
  const currency = textField(form, 'currency').toUpperCase();
  const refused = (refusal: Refusal, more: { forfeit?: ApiProblem; field?: 'invalid' } = {}) =>
    data(
      {
        intent: 'withdraw',
        ok: false,
        refusal,
        ...more,
        amount: textField(form, 'amount'),
      } satisfies WithdrawResult,
      {
        status: refusedStatus(more.field ? undefined : refusal),
      },
    );
  const amount = await postedMoney(app, form, currency || undefined);
  if (amount === null || amount <= 0) return refused(null, { field: 'invalid' });
  const answer = await app
    .api(endpoints.cashier.requestWithdrawal, {
      body: {
        currency,
        amount_cents: amount,
        method: textField(form, 'method'),
        ...(form.get('forfeit_bonus') === 'yes' ? { forfeit_bonus: true } : {}),
      },
    })
    .catch(() => null);
  if (answer?.ok) return { intent: 'withdraw', ok: true, payment: answer.body } satisfies WithdrawResult;
  const running = answer
    ? problemsOf(answer).find((problem) => problem.code === 'cashier.bonus_active')
    : undefined;
  if (!running) return refused(answer as Refusal);
  const bonuses = await app.api(endpoints.bonuses.list, {}).catch(() => null);
  return refused(answer as Refusal, {
    forfeit: bonuses?.ok ? withBonusTitle(running, bonuses.body) : running,
  });
}
