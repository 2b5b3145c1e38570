import { useRouteLoaderData } from 'react-router';
import type { loadChrome } from '../features/chrome/chrome.server';
import type { loader as rootLoader } from '../root';

/*
 * The data every page shares, read through these two hooks rather than by route id in each component.
 * One module for both, so the first load fetches one small chunk for them rather than two.
 */

/**
 * What the root loader hands every page: the locale and the address of its messages, the licence, the mobile app
 * domains, the signed-in player and whether the cashier window is off. Undefined only while the root
 * loader itself has failed (its error page renders without it).
 */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>('root');
}

export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/** The site chrome of a page: header and footer links, logo, promo strips, menus, meta tags. */
export type ChromeData = ReturnType<typeof loadChrome>;

/**
 * The chrome the locale route loaded for the page, for layouts and components below it; undefined
 * where that route has not loaded (its error page, a bare game client page).
 */
export function useChrome(): ChromeData | undefined {
  return useRouteLoaderData('routes/locale') as ChromeData | undefined;
}
