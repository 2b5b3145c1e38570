import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { createTranslator } from '../../lib/i18n.tsx';
import { describeAmountProblem, describeFailureReason, paymentProblems } from './problems.ts';

const { en, el } = catalogues;

const t = createTranslator(en);
const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('cashier answers, as the player reads them', () => {
  const refusal = (field: string, code: string, params?: Record<string, string | number>) => ({
    status: code.startsWith('cashier.withdrawal') ? 409 : 422,
    body: {
      errors: { [field]: ['(the server’s words)'] },
      codes: { [field]: [code] },
      ...(params ? { params: { [field]: [params] } } : {}),
    },
  });

  it('shows limits and the balance in the player’s money format, at the amount', () => {
    const below = refusal('amount_cents', 'cashier.amount_below_minimum', { min: 1000, currency: 'EUR' });
    expect(paymentProblems(t, below, money)).toEqual({ amount: 'The minimum is €10.00.' });
    const above = refusal('amount_cents', 'cashier.amount_above_maximum', { max: 500_000, currency: 'EUR' });
    expect(paymentProblems(t, above, money)).toEqual({ amount: 'The maximum is €5000.00.' });
    const over = refusal('amount_cents', 'cashier.amount_over_available', {
      available: 2_550,
      currency: 'EUR',
    });
    expect(paymentProblems(createTranslator(el), over, money)).toEqual({
      amount: 'Μπορείτε να κάνετε ανάληψη έως €25.50.',
    });
  });

  it('puts everything else in the form-level message', () => {
    expect(paymentProblems(t, null, money)).toEqual({ base: en.wallet.problems.network });
    expect(paymentProblems(t, { status: 401, body: {} }, money)).toEqual({ base: en.account.signedOut });
    expect(paymentProblems(t, { status: 429, body: {} }, money)).toEqual({ base: en.account.tooMany });
    expect(paymentProblems(t, refusal('status', 'cashier.withdrawal_not_cancellable'), money)).toEqual({
      base: en.codes.cashier.withdrawal_not_cancellable,
    });
    expect(paymentProblems(t, refusal('method', 'cashier.method_unavailable'), money)).toEqual({
      base: en.codes.cashier.method_unavailable,
    });
    expect(paymentProblems(t, refusal('currency', 'cashier.no_account', { currency: 'USD' }), money)).toEqual(
      {
        base: 'You have no USD account. Add it to your accounts first.',
      },
    );
    expect(paymentProblems(t, { status: 500, body: {} }, money)).toEqual({ base: en.auth.failed });
  });

  it('describes problems found before sending', () => {
    expect(describeAmountProblem(t, { kind: 'invalid' }, money, '10')).toBe(
      'Enter an amount in numbers, such as 10.',
    );
    expect(describeAmountProblem(t, { kind: 'available', cents: 2_550 }, money, '10')).toBe(
      'You can withdraw up to €25.50.',
    );
  });

  it('translates the payment partner’s reasons it knows and keeps the others', () => {
    const greek = createTranslator(el);
    expect(describeFailureReason(t, 'The card was declined')).toBe(en.wallet.reasons.declined);
    expect(describeFailureReason(greek, 'Insufficient funds on the card')).toBe(
      el.wallet.reasons.insufficient,
    );
    expect(describeFailureReason(greek, 'Cancelled on the payment page')).toBe(el.wallet.reasons.cancelled);
    expect(describeFailureReason(t, '3-D Secure authentication failed')).toBe(en.wallet.reasons.secure);
    expect(describeFailureReason(t, 'Account closed by the bank')).toBe('Account closed by the bank');
    expect(describeFailureReason(t, null)).toBe(en.wallet.reasons.unknown);
  });
});
