import { describe, expect, it } from 'vitest';
import el from './el/messages.json';
import en from './en/messages.json';

/** Every message as `path → text`, so the two catalogues can be compared key by key. */
function flatten(messages: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value as object, path)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('UI message catalogues', () => {
  const english = flatten(en);
  const greek = flatten(el);

  it('have the same keys in English and Greek', () => {
    expect([...greek.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('use the same placeholders in both languages and leave nothing empty', () => {
    for (const [key, text] of english) {
      expect(text.trim(), key).not.toBe('');
      expect(greek.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(greek.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('are actually translated: Greek text is written in Greek', () => {
    const untranslated = [...greek].filter(
      ([key, text]) => text === english.get(key) && /[a-z]{4,}/i.test(text) && key !== 'brand',
    );
    expect(untranslated).toEqual([]);
  });
});
