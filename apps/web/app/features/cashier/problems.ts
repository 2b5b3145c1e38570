import type { ApiResponse } from '../../lib/api';
import type { Translate } from '../../lib/i18n';
import type { AmountProblem } from './amount-input';

/**
 * What the cashier API's answers mean for the player, in their language and their money format: the
 * server speaks in minor units ("must be at least 1000"), the player reads "The minimum is €10.00".
 */
export type MoneyText = (amountCents: number) => string;

/** A problem found before sending, as the amount field shows it. */
export function describeAmountProblem(
  t: Translate,
  problem: AmountProblem,
  money: MoneyText,
  example: string,
) {
  switch (problem.kind) {
    case 'required':
      return t('wallet.problems.required');
    case 'invalid':
      return t('wallet.problems.invalid', { example });
    case 'min':
      return t('wallet.problems.min', { amount: money(problem.cents) });
    case 'max':
      return t('wallet.problems.max', { amount: money(problem.cents) });
    case 'available':
      return t('wallet.problems.available', { amount: money(problem.cents) });
  }
}

/** The server's field messages keyed `amount` and `base`, in the player's language. */
export function paymentProblems(
  t: Translate,
  response: ApiResponse | null,
  money: MoneyText,
): { amount?: string; bonus_code?: string; base?: string } {
  if (!response) return { base: t('wallet.problems.network') };
  if (response.status === 401) return { base: t('account.signedOut') };
  if (response.status === 429) return { base: t('account.tooMany') };
  const errors = response.body.errors ?? {};
  const found: { amount?: string; bonus_code?: string; base?: string } = {};
  const others: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0] ?? '';
    if (field === 'amount_cents') {
      const min = /at least (\d+)/i.exec(message);
      const max = /at most (\d+)/i.exec(message);
      if (min) found.amount = t('wallet.problems.min', { amount: money(Number(min[1])) });
      else if (max) found.amount = t('wallet.problems.max', { amount: money(Number(max[1])) });
      else if (/cash out|available|balance/i.test(message)) found.amount = t('wallet.problems.overBalance');
      else found.amount = message;
    } else if (field === 'bonus_code') {
      found.bonus_code = message;
    } else if (field === 'currency') {
      others.push(t('wallet.problems.currency'));
    } else if (field === 'method') {
      others.push(t('wallet.problems.method'));
    } else if (field === 'status') {
      others.push(t('wallet.withdraw.pending.notPending'));
    } else if (message) {
      others.push(message);
    }
  }
  if (others.length > 0) found.base = others.join(' ');
  if (!found.amount && !found.bonus_code && !found.base) found.base = t('auth.failed');
  return found;
}

/** Reasons the payment partner gives, in English, as the player reads them; others as given. */
const knownReasons: [RegExp, string][] = [
  [/cancel/i, 'wallet.reasons.cancelled'],
  [/insufficient/i, 'wallet.reasons.insufficient'],
  [/declined/i, 'wallet.reasons.declined'],
  [/3-?D Secure/i, 'wallet.reasons.secure'],
  [/bank rejected/i, 'wallet.reasons.bankRejected'],
];

export function describeFailureReason(t: Translate, reason: string | null): string {
  if (!reason) return t('wallet.reasons.unknown');
  const known = knownReasons.find(([pattern]) => pattern.test(reason));
  return known ? t(known[1]) : reason;
}
