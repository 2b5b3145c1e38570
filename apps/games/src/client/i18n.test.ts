import { describe, expect, it } from 'vitest';
import { langFrom, messages, translator } from './i18n.ts';

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('game client messages', () => {
  it('have the same keys and placeholders in English and Greek, none empty', () => {
    expect(Object.keys(messages.el).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [key, text] of Object.entries(messages.en)) {
      const greek = messages.el[key as keyof typeof messages.el];
      expect(text.trim(), key).not.toBe('');
      expect(greek.trim(), key).not.toBe('');
      expect(placeholders(greek), key).toEqual(placeholders(text));
    }
  });

  it('are translated: Greek text is written in Greek', () => {
    // Terms kept as players know them (scatter, split, client seed, nonce) may stay in Latin letters.
    const kept = /^(Scatter|Split|Street|Corner|Client seed|Nonce|Server seed|BAR|Μάρκα .*)$/;
    const untranslated = Object.entries(messages.en).filter(([key, text]) => {
      const greek = messages.el[key as keyof typeof messages.el];
      const words = text.replace(/{{\s*\w+\s*}}/g, '').trim();
      return greek === text && /[a-z]{4,}/i.test(words) && !kept.test(words);
    });
    expect(untranslated).toEqual([]);
  });

  it('fills placeholders and falls back to English for an unknown language', () => {
    expect(translator('el')('play.youWon', { amount: '5,00 €' })).toBe('Κερδίσατε 5,00 €');
    expect(translator('en')('slot.freeSpinOf', { number: 2, of: 10 })).toBe('Free spin 2 of 10');
    expect(langFrom('el')).toBe('el');
    expect(langFrom('de')).toBe('en');
    expect(langFrom(null)).toBe('en');
  });
});
