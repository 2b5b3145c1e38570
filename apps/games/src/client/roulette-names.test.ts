import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';
import { boardSpots, spotName } from './Roulette.tsx';

/**
 * WCAG 2.5.3 (label in name) as axe-core checks it: the words a cell shows appear, in order and
 * together, among the words of its accessible name, parentheses and punctuation left out.
 */
const words = (text: string) =>
  text
    .replace(/\([^()]*\)/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const holds = (name: string, label: string) => {
  const [whole, part] = [words(name), words(label)];
  return whole.some((_, start) => part.every((word, offset) => whole[start + offset] === word));
};

describe('the roulette board names its cells with the words they show', () => {
  for (const lang of ['en', 'el'] as const) {
    it(`in ${lang}: every cell, with a stake on it or not`, () => {
      const t = translator(lang);
      const spots = boardSpots(t);
      expect(spots.length).toBeGreaterThan(40);
      for (const spot of spots) {
        for (const stake of [null, '€5.00']) {
          const name = spotName(t, spot, stake);
          expect({ cell: spot.label, name, holds: holds(name, spot.label) }).toEqual({
            cell: spot.label,
            name,
            holds: true,
          });
        }
      }
    });
  }

  it('tells a dozen and the low and high halves by their numbers', () => {
    const t = translator('en');
    const named = (key: string) => {
      const spot = boardSpots(t).find((candidate) => candidate.key === key);
      if (!spot) throw new Error(`no ${key} cell`);
      return spotName(t, spot, null);
    };
    expect(named('dozen:2')).toBe('Dozen 13–24, pays 2 to 1');
    expect(named('low')).toBe('Low 1–18, pays 1 to 1');
    expect(named('high')).toBe('High 19–36, pays 1 to 1');
    expect(spotName(translator('el'), { spec: { type: 'dozen', index: 1 } }, null)).toBe(
      'Δωδεκάδα 1–12, πληρώνει 2 προς 1',
    );
  });
});
