import { describe, expect, it } from 'vitest';
import { pageUrl } from './request-url';

describe('page URL of a loader request', () => {
  it.each([
    ['http://x/el/faq', '/el/faq'],
    ['http://x/el/faq.data', '/el/faq'],
    ['http://x/el.data', '/el'],
    ['http://x/_root.data', '/'],
    ['http://x/', '/'],
  ])('%s → %s', (url, pathname) => {
    expect(pageUrl(new Request(url)).pathname).toBe(pathname);
  });

  it('keeps the query but not the router’s own parameters', () => {
    expect(pageUrl(new Request('http://x/games/all.data?btag=7&_routes=routes%2Fhome')).search).toBe(
      '?btag=7',
    );
  });
});
