import { describe, expect, it } from 'vitest';
import { highlightParts, matchRanges } from './highlight';

describe('search match highlighting', () => {
  it('finds every word of the search, ignoring case', () => {
    expect(matchRanges('Golden Drachma', 'drach GOLD')).toEqual([
      [0, 4],
      [7, 12],
    ]);
  });

  it('ignores accents and final sigma, as the search does, and marks the accented letters', () => {
    expect(highlightParts('Τα Ζάρια του Ερμή', 'ζαρια ερμη')).toEqual([
      { text: 'Τα ', match: false },
      { text: 'Ζάρια', match: true },
      { text: ' του ', match: false },
      { text: 'Ερμή', match: true },
    ]);
    expect(highlightParts('Χρυσός', 'χρυσοσ')).toEqual([{ text: 'Χρυσός', match: true }]);
  });

  it('merges overlapping matches and leaves a title without matches whole', () => {
    expect(matchRanges("Athena's Owl", 'athe then')).toEqual([[0, 5]]);
    expect(highlightParts('Blackjack', 'dice')).toEqual([{ text: 'Blackjack', match: false }]);
    expect(highlightParts('Blackjack', '   ')).toEqual([{ text: 'Blackjack', match: false }]);
  });
});
