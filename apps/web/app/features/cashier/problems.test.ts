import { describe, expect, it } from 'vitest';
import { catalogues } from '../../i18n/catalogues.server';
import { createTranslator } from '../../lib/i18n.tsx';
import { describeAmountProblem, describeFailureReason, paymentProblems } from './problems.ts';

const { en, el } = catalogues;

const t = createTranslator(en);
const money = (cents: number) => `€${(cents / 100).toFixed(2)}`;

describe('cashier answers, as the player reads them', () => {
  it('turns limits in minor units into money', () => {
    expect(
      paymentProblems(
        t,
        { status: 422, body: { errors: { amount_cents: ['must be at least 1000'] } } },
        money,
      ),
    ).toEqual({ amount: 'The minimum is €10.00.' });
    expect(
      paymentProblems(
        t,
        { status: 422, body: { errors: { amount_cents: ['must be at most 500000'] } } },
        money,
      ),
    ).toEqual({ amount: 'The maximum is €5000.00.' });
    expect(
      paymentProblems(
        t,
        {
          status: 422,
          body: { errors: { amount_cents: ['is more than the balance available to cash out'] } },
        },
        money,
      ),
    ).toEqual({ amount: 'This is more than you can withdraw right now.' });
  });

  it('puts everything else in the form-level message', () => {
    expect(paymentProblems(t, null, money)).toEqual({ base: en.wallet.problems.network });
    expect(paymentProblems(t, { status: 401, body: {} }, money)).toEqual({ base: en.account.signedOut });
    expect(paymentProblems(t, { status: 429, body: {} }, money)).toEqual({ base: en.account.tooMany });
    expect(
      paymentProblems(
        t,
        { status: 409, body: { errors: { status: ['Only a pending withdrawal…'] } } },
        money,
      ),
    ).toEqual({ base: en.wallet.withdraw.pending.notPending });
    expect(
      paymentProblems(
        t,
        { status: 422, body: { errors: { method: ['is not available for this currency'] } } },
        money,
      ),
    ).toEqual({ base: en.wallet.problems.method });
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
