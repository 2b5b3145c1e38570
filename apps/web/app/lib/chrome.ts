import { useRouteLoaderData } from 'react-router';
import type { loadChrome } from '../features/chrome/chrome.server';

/** The site chrome of a page: header and footer links, logo, promo strips, menus, meta tags. */
export type ChromeData = ReturnType<typeof loadChrome>;

/**
 * The chrome the locale route loaded for the page, for layouts and components below it; undefined
 * where that route has not loaded (its error page, a bare game client page).
 */
export function useChrome(): ChromeData | undefined {
  return useRouteLoaderData('routes/locale') as ChromeData | undefined;
}
