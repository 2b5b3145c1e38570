import { endpoints } from '@chrysos/contract/client';
import { gamePagePath } from '@chrysos/rules';
import { data, redirectDocument } from 'react-router';
import type { AppContext } from '../../lib/app-context';
import { type Refusal, refusedStatus, textField } from '../../lib/form-action.server';
import { postedMoney } from './posted-amount.server';

/**
 * The answer of a refused deposit on /profile/wallet/deposit, for the form's fetcher or the page
 * rendered with it (without JavaScript): the API's refusal, or `field` when the amount could not be
 * read. `amount` is what was typed and `coded` says whether a bonus code was, so the form shows them again.
 */
export interface DepositRefused {
  intent: 'deposit';
  ok: false;
  refusal: Refusal;
  field?: 'invalid';
  amount: string;
  coded: boolean;
}

/**
 * Starts a deposit into one of the session player's accounts (spec §7 POST /payments/deposits) through
 * the in-process API as that player (decision 9), so the API's rules (limits, offers, verification,
 * deposit limits) hold as for any caller. A started deposit reloads the document at the payment
 * partner's page; a code the player typed wins over the offer ticked; `return_to` is kept only when it
 * is a game page (the payment page returns there).
 */
export async function depositAction(app: AppContext, form: FormData) {
  const currency = textField(form, 'currency').toUpperCase();
  const typedCode = textField(form, 'bonus_code');
  const refused = (refusal: Refusal, field?: 'invalid') =>
    data(
      {
        intent: 'deposit',
        ok: false,
        refusal,
        ...(field ? { field } : {}),
        amount: textField(form, 'amount'),
        coded: typedCode !== '',
      } satisfies DepositRefused,
      { status: refusedStatus(field ? undefined : refusal) },
    );
  const amount = await postedMoney(app, form, currency || undefined);
  if (amount === null || amount <= 0) return refused(null, 'invalid');
  const bonus = typedCode || textField(form, 'offer');
  const returnTo = textField(form, 'return_to');
  const answer = await app
    .api(endpoints.cashier.startDeposit, {
      body: {
        currency,
        amount_cents: amount,
        method: textField(form, 'method'),
        ...(bonus ? { bonus_code: bonus } : {}),
        ...(gamePagePath.test(returnTo) ? { return_to: returnTo } : {}),
      },
    })
    .catch(() => null);
  if (answer?.ok) return redirectDocument(answer.body.redirect_url);
  return refused(answer as Refusal);
}
