import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.ts';

const eur = { code: 'EUR', symbol: '€', subunits_to_unit: 100, fiat: true };
const jpy = { code: 'JPY', symbol: '¥', subunits_to_unit: 1, fiat: true };
const btc = {
  code: 'BTC',
  symbol: '₿',
  subunits_to_unit: 100_000_000,
  fiat: false,
  subcurrencies: [{ code: 'mBTC', symbol: 'mBTC', subunits_to_unit: 100_000 }],
};

describe('money display (spec §9)', () => {
  it('takes the decimals from the subunit count, in the reader’s locale', () => {
    expect(formatMoney(123_456, eur, { locale: 'en' })).toBe('€1,234.56');
    expect(formatMoney(123_456, eur, { locale: 'el' })).toBe('1.234,56\u00a0€');
    expect(formatMoney(1_500, jpy, { locale: 'en' })).toBe('¥1,500');
  });

  it('cuts non-fiat amounts to two decimals unless forced, never rounding up', () => {
    expect(formatMoney(123_456_789, btc, { locale: 'en' })).toBe('1.23 ₿');
    expect(formatMoney(199_999_999, btc, { locale: 'en' })).toBe('1.99 ₿');
    expect(formatMoney(123_456_789, btc, { locale: 'en', force: true })).toBe('1.23456789 ₿');
  });

  it('shows crypto in a chosen subcurrency', () => {
    expect(formatMoney(123_456_789, btc, { locale: 'en', subcurrency: 'mBTC' })).toBe('1,234.56 mBTC');
    expect(formatMoney(123_456_789, btc, { locale: 'en', subcurrency: 'mBTC', force: true })).toBe(
      '1,234.56789 mBTC',
    );
  });

  it('reads typed amounts into minor units, refusing what the currency cannot hold', () => {
    expect(parseMoney('12.5', eur)).toBe(1_250);
    expect(parseMoney('12,50', eur)).toBe(1_250);
    expect(parseMoney('12.505', eur)).toBeNull();
    expect(parseMoney('1500', jpy)).toBe(1_500);
    expect(parseMoney('15.5', jpy)).toBeNull();
    expect(parseMoney('-5', eur)).toBeNull();
    expect(parseMoney('abc', eur)).toBeNull();
  });
});
