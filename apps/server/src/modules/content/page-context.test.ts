import { describe, expect, it } from 'vitest';
import { runsRootLoader } from './page-context.ts';

/*
 * The page context reads the player's realtime positions only for a request whose root loader hands them
 * to the page: a signed-in navigation that loads only its new routes reads none.
 */
describe('which requests run the root loader', () => {
  it('a page, with or without its action, and a data request naming the root or every route', () => {
    expect(runsRootLoader({ method: 'GET', url: '/el/profile/bonuses' })).toBe(true);
    expect(runsRootLoader({ method: 'POST', url: '/profile/limits' })).toBe(true);
    expect(runsRootLoader({ method: 'GET', url: '/profile/bonuses.data?_routes=root' })).toBe(true);
    expect(runsRootLoader({ method: 'GET', url: '/_root.data' })).toBe(true);
  });

  it('not a navigation loading other routes, nor a fetcher’s action', () => {
    expect(
      runsRootLoader({ method: 'GET', url: '/games/all.data?_routes=routes%2Flocale%2Croutes%2Fgames' }),
    ).toBe(false);
    expect(runsRootLoader({ method: 'POST', url: '/el/profile/bonuses.data' })).toBe(false);
  });
});
