import { describe, expect, it } from 'vitest';
import { pageLanguage } from './web.ts';

describe("the language of a page's API calls", () => {
  it.each([
    ['/el', 'el'],
    ['/el/profile/limits', 'el'],
    ['/el.data', 'el'],
    ['/el/profile/limits.data?_routes=root', 'el'],
    ['/', 'en'],
    ['/_root.data', 'en'],
    ['/profile/limits.data', 'en'],
    ['/elements', 'en'],
  ])('reads %s in %s', (url, language) => {
    expect(pageLanguage(url)).toBe(language);
  });
});
