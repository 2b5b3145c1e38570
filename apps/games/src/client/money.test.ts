import { describe, expect, it } from 'vitest';
import { formatAmount, formatMultiplier, formatNumber } from './money.ts';

const eur = { code: 'EUR', subunits: 100 };

describe('formatAmount', () => {
  it('writes minor units in the player’s language and currency', () => {
    expect(formatAmount(123_456, eur, 'en')).toBe('€1,234.56');
    expect(formatAmount(123_456, eur, 'el')).toBe('1.234,56\u00a0€');
    expect(formatAmount(5, eur, 'en')).toBe('€0.05');
  });

  it('shows every decimal of a crypto stake rather than rounding it to 0.00', () => {
    const btc = { code: 'BTC', subunits: 100_000_000 };
    expect(formatAmount(1000, btc, 'en')).toBe('0.00001000 BTC');
  });
});

describe('formatMultiplier', () => {
  it('cuts a multiplier down, never promising more than the game pays', () => {
    // 9900 / 3333 = 2.970297…
    expect(formatMultiplier(9900 / 3333, 'en')).toBe('2.9702×');
    expect(formatMultiplier(2, 'el')).toBe('2,0000×');
    expect(formatMultiplier(99, 'en', 2)).toBe('99.00×');
  });

  it('formats plain numbers per language', () => {
    expect(formatNumber(49.5, 'el', 2)).toBe('49,50');
    expect(formatNumber(10_000, 'en')).toBe('10,000');
  });
});
