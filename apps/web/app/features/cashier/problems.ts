import { describeProblem, problemsOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';
import type { AmountProblem } from './amount-input';

/**
 * An amount in the player's money format: the API counts in minor units (`{"min":1000}`), the player
 * reads "€10.00".
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

/**
 * What the cashier API's answer means for the player, by its codes: the amount's problems at the amount
 * field with the limits in the player's money format ("The minimum is €10.00."), the bonus code's at its
 * field, everything else in the form-level message.
 */
export function paymentProblems(
  t: Translate,
  response: { status: number; body?: unknown } | null,
  money: MoneyText,
): { amount?: string; bonus_code?: string; base?: string } {
  if (!response) return { base: t('wallet.problems.network') };
  const found: { amount?: string; bonus_code?: string; base?: string } = {};
  const others: string[] = [];
  for (const problem of problemsOf(response)) {
    const text = describeProblem(t, problem, { money });
    if (problem.field === 'amount_cents') found.amount ??= text;
    else if (problem.field === 'bonus_code') found.bonus_code ??= text;
    else if (!others.includes(text)) others.push(text);
  }
  if (others.length > 0) found.base = others.join(' ');
  if (found.amount || found.bonus_code || found.base) return found;
  if (response.status === 401) return { base: t('account.signedOut') };
  if (response.status === 429) return { base: t('account.tooMany') };
  return { base: t('auth.failed') };
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
