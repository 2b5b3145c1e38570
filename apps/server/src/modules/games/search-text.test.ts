import { describe, expect, it } from 'vitest';
import { foldText, searchWords } from './search-text.ts';

describe('search text folding', () => {
  it('drops case, accents and punctuation, in English and Greek', () => {
    expect(foldText("Poseidon's Harbour")).toBe('poseidon s harbour');
    expect(foldText('Χρυσή Δραχμή!')).toBe('χρυση δραχμη');
    expect(foldText('Ευρωπαϊκή Ρουλέτα')).toBe('ευρωπαικη ρουλετα');
    expect(foldText('ΆΈΉΊΌΎΏ ΐΰ')).toBe('αεηιουω ιυ');
    expect(foldText('Crème Brûlée 777')).toBe('creme brulee 777');
  });

  it('folds final sigma, so a word typed mid-search still matches the title’s ending', () => {
    expect(foldText('Αθηνάς')).toBe('αθηνασ');
    expect(foldText('ΑΘΗΝΑΣ')).toBe('αθηνασ');
  });

  it('splits a search into distinct words, and nothing searchable into none', () => {
    expect(searchWords('  Golden   golden DRACHMA ')).toEqual(['golden', 'drachma']);
    expect(searchWords('%_')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
});
