import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../lib/i18n';
import { countText, featureLabel, formatRtp } from './format';

const t = createTranslator({
  games: {
    count: { zero: 'No games', one: '{{count}} game', other: '{{count}} games' },
    features: { 'free-spins': 'Free spins' },
  },
  plain: { one: '{{count}} παιχνίδι', other: '{{count}} παιχνίδια' },
});

describe('game texts', () => {
  it('writes the return to player as each language writes percentages', () => {
    expect(formatRtp(96.1, 'en')).toBe('96.1%');
    expect(formatRtp(97, 'en')).toBe('97%');
    expect(formatRtp(96.15, 'el')).toMatch(/^96,15\s?%$/);
  });

  it('counts with the plural form of the language, and a zero text where there is one', () => {
    expect(countText(t, 'en', 'games.count', 0)).toBe('No games');
    expect(countText(t, 'en', 'games.count', 1)).toBe('1 game');
    expect(countText(t, 'en', 'games.count', 1200)).toBe('1,200 games');
    expect(countText(t, 'el', 'plain', 0)).toBe('0 παιχνίδια');
    expect(countText(t, 'el', 'plain', 1)).toBe('1 παιχνίδι');
    expect(countText(t, 'el', 'plain', 1200)).toMatch(/^1\.200 παιχνίδια$/);
  });

  it('names a known feature from the messages and an unknown one from its slug', () => {
    expect(featureLabel(t, 'free-spins')).toBe('Free spins');
    expect(featureLabel(t, 'sticky-wilds')).toBe('Sticky wilds');
  });
});
