import { describe, expect, it } from 'vitest';
import { catalogues } from './catalogues.server';

const { en, el } = catalogues;
/** The message slices of the features and the form kit, by file. */
const slices = {
  en: import.meta.glob<object>('../**/messages.en.json', { eager: true, import: 'default' }),
  el: import.meta.glob<object>('../**/messages.el.json', { eager: true, import: 'default' }),
};

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

describe('UI message slices', () => {
  it('come in both languages, and no two slices hold the same top-level key', () => {
    const files = (locale: 'en' | 'el') =>
      Object.keys(slices[locale])
        .map((file) => file.replace(`.${locale}.json`, ''))
        .sort();
    expect(files('el')).toEqual(files('en'));
    for (const locale of ['en', 'el'] as const) {
      const keys = Object.values(slices[locale]).flatMap((slice) => Object.keys(slice));
      expect(new Set(keys).size, locale).toBe(keys.length);
      expect(keys.sort(), locale).toEqual(Object.keys(catalogues[locale]).sort());
    }
  });
});

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
