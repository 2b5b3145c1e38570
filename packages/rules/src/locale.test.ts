import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, onSitePath, stripLocale, withoutStrippedPrefix } from './locale.ts';

describe('locale paths', () => {
  it.each([
    ['/', 'en', '/'],
    ['/games/all', 'en', '/games/all'],
    ['/el', 'el', '/'],
    ['/el/games/all', 'el', '/games/all'],
    ['/elephant', 'en', '/elephant'],
  ])('%s is %s with bare path %s', (path, locale, bare) => {
    expect(localeFromPath(path)).toBe(locale);
    expect(stripLocale(path)).toBe(bare);
  });

  it.each([
    ['/', 'el', '/el'],
    ['/faq', 'el', '/el/faq'],
    ['/el/faq', 'en', '/faq'],
    ['/el', 'en', '/'],
    ['/el/faq', 'el', '/el/faq'],
  ] as const)('localizes %s to %s as %s', (path, locale, expected) => {
    expect(localizePath(path, locale)).toBe(expected);
  });

  it.each([
    ['/fi', '/'],
    ['/fi/games', '/games'],
    ['/en-ZA/promotions/x', '/promotions/x'],
    ['/finance', null],
    ['/games', null],
    // A stripped prefix never turns the rest into another site's address (open redirect).
    ['/fi//evil.example/login', '/evil.example/login'],
    ['/en-ZA//evil.example', '/evil.example'],
    ['/fi/\\evil.example/', '/evil.example/'],
    ['/fi\\evil.example/', '/evil.example/'],
    ['/fi/\\/\\evil.example', '/evil.example'],
  ])('strips foreign prefix from %s', (path, expected) => {
    expect(withoutStrippedPrefix(path)).toBe(expected);
  });

  it.each([
    ['//evil.example', '/evil.example'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/games/all', '/games/all'],
  ])('keeps %s on the site as %s', (path, expected) => {
    expect(onSitePath(path)).toBe(expected);
    expect(new URL(onSitePath(path), 'https://chrysos.casino').host).toBe('chrysos.casino');
  });
});
