import type { Currency } from '@chrysos/contract';
import { describe, expect, it } from 'vitest';
import { amountInputValue, amountProblem, quickAmounts, readAmount } from './amount-input.ts';
import { displayUnit, showMoney, showSignedMoney } from './money.ts';

const eur: Currency = {
  code: 'EUR',
  symbol: '€',
  subunits_to_unit: 100,
  default: false,
  fiat: true,
  subcurrencies: [],
};
const jpy: Currency = { ...eur, code: 'JPY', symbol: '¥', subunits_to_unit: 1 };
const btc: Currency = {
  code: 'BTC',
  symbol: '₿',
  subunits_to_unit: 100_000_000,
  default: false,
  fiat: false,
  subcurrencies: [
    { code: 'mBTC', symbol: 'mBTC', subunits_to_unit: 100_000 },
    { code: 'µBTC', symbol: 'µBTC', subunits_to_unit: 100 },
  ],
};

describe('wallet money display', () => {
  it('shows balances as spec §9 does, in the chosen unit', () => {
    expect(showMoney(5_000, eur, { locale: 'en' })).toBe('€50.00');
    expect(showMoney(5_000, eur, { locale: 'el' })).toBe('50,00\u00a0€');
    expect(showMoney(123_456_789, btc, { locale: 'en' })).toBe('1.23 ₿');
    expect(showMoney(123_456_789, btc, { locale: 'en', subcurrency: 'mBTC' })).toBe('1,234.56 mBTC');
  });

  it('shows limits exactly when the two-decimal cut would change them, and only then', () => {
    expect(showMoney(20_000, btc, { locale: 'en' })).toBe('0.00 ₿');
    expect(showMoney(20_000, btc, { locale: 'en', exact: true })).toBe('0.00020000 ₿');
    expect(showMoney(20_000, btc, { locale: 'en', exact: true, subcurrency: 'mBTC' })).toBe('0.20 mBTC');
    expect(showMoney(10_000_000, btc, { locale: 'en', exact: true })).toBe('0.10 ₿');
    expect(showMoney(1_000, eur, { locale: 'en', exact: true })).toBe('€10.00');
  });

  it('signs changes of balance with a plus or a true minus', () => {
    expect(showSignedMoney(5_000, eur, { locale: 'en' })).toBe('+€50.00');
    expect(showSignedMoney(-1_050, eur, { locale: 'en' })).toBe('−€10.50');
    expect(showSignedMoney(0, eur, { locale: 'en' })).toBe('€0.00');
  });

  it('falls back to the currency itself for an unknown display unit', () => {
    expect(displayUnit(btc, 'mBTC').subunits_to_unit).toBe(100_000);
    expect(displayUnit(btc, 'XYZ').code).toBe('BTC');
    expect(displayUnit(eur, undefined).code).toBe('EUR');
  });
});

describe('typed amounts', () => {
  it('fill the field with plain digits in the display unit, a decimal comma in Greek', () => {
    expect(amountInputValue(5_000, 100, 'en')).toBe('50');
    expect(amountInputValue(1_250, 100, 'en')).toBe('12.5');
    expect(amountInputValue(1_250, 100, 'el')).toBe('12,5');
    expect(amountInputValue(1_500, 1, 'en')).toBe('1500');
    expect(amountInputValue(20_000, 100_000_000, 'en')).toBe('0.0002');
    expect(amountInputValue(20_000, 100_000, 'en')).toBe('0.2');
  });

  it('read back into minor units of the currency, whatever unit they were typed in', () => {
    expect(readAmount('50', eur, undefined)).toBe(5_000);
    expect(readAmount('12,5', eur, undefined)).toBe(1_250);
    expect(readAmount('0.0002', btc, undefined)).toBe(20_000);
    expect(readAmount('0.2', btc, 'mBTC')).toBe(20_000);
    expect(readAmount('200', btc, 'µBTC')).toBe(20_000);
    expect(readAmount('1.5', jpy, undefined)).toBeNull();
    expect(readAmount('ten', eur, undefined)).toBeNull();
  });

  it('round-trip through the field for every quick amount', () => {
    for (const [currency, unit] of [
      [eur, undefined],
      [jpy, undefined],
      [btc, undefined],
      [btc, 'mBTC'],
    ] as const) {
      const subunits = displayUnit(currency, unit).subunits_to_unit;
      for (const cents of quickAmounts(20_000, 10_000_000)) {
        for (const locale of ['en', 'el'] as const) {
          expect(readAmount(amountInputValue(cents, subunits, locale), currency, unit)).toBe(cents);
        }
      }
    }
  });
});

describe('quick amounts', () => {
  it('start at the minimum and climb in round 1-2-5 steps within the maximum', () => {
    expect(quickAmounts(1_000, 500_000)).toEqual([1_000, 2_000, 5_000, 10_000, 20_000]);
    expect(quickAmounts(20_000, 10_000_000)).toEqual([20_000, 50_000, 100_000, 200_000, 500_000]);
    expect(quickAmounts(1_500, 750_000)).toEqual([1_500, 5_000, 10_000, 20_000, 50_000]);
  });

  it('stop at the maximum and give nothing for impossible limits', () => {
    expect(quickAmounts(2_000, 6_000)).toEqual([2_000, 5_000]);
    expect(quickAmounts(2_000, 2_000)).toEqual([2_000]);
    expect(quickAmounts(2_000, 1_000)).toEqual([]);
    expect(quickAmounts(0, 1_000)).toEqual([]);
    expect(quickAmounts(1_000, 500_000, 3)).toEqual([1_000, 2_000, 5_000]);
  });
});

describe('amount checks before sending', () => {
  const limits = { min_cents: 2_000, max_cents: 1_000_000 };
  it('ask for an amount, a valid one, within the limits and the money available', () => {
    expect(amountProblem(null, ' ', limits)).toEqual({ kind: 'required' });
    expect(amountProblem(null, 'abc', limits)).toEqual({ kind: 'invalid' });
    expect(amountProblem(0, '0', limits)).toEqual({ kind: 'invalid' });
    expect(amountProblem(1_000, '10', limits)).toEqual({ kind: 'min', cents: 2_000 });
    expect(amountProblem(2_000_000, '20000', limits)).toEqual({ kind: 'max', cents: 1_000_000 });
    expect(amountProblem(6_000, '60', limits, 5_000)).toEqual({ kind: 'available', cents: 5_000 });
    expect(amountProblem(2_000_000, '20000', limits, 5_000_000)).toEqual({ kind: 'max', cents: 1_000_000 });
    expect(amountProblem(5_000, '50', limits, 5_000)).toBeNull();
  });
});
