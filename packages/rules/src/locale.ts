/** Spec §9: en is the default and has no prefix; el lives under /el. */
export const locales = ['en', 'el'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** Path prefixes of other deployments that are dropped from incoming paths (spec §9). */
export const strippedLocalePrefixes = ['en-ZA', 'fi'] as const;

/** Cookie that remembers the chosen language (spec §9: 365 days). */
export const localeCookieName = 'i18n_redirected';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The locale a path is in: `/el` and `/el/...` are Greek, everything else English. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/el' || pathname.startsWith('/el/') ? 'el' : 'en';
}

/** The path without its locale prefix, always starting with `/`. */
export function stripLocale(pathname: string): string {
  if (localeFromPath(pathname) === 'el') return pathname.slice(3) || '/';
  return pathname || '/';
}

/** The same page in another locale: `localizePath('/games/all', 'el')` → `/el/games/all`. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocale(pathname);
  if (locale === defaultLocale) return bare;
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`;
}

/**
 * A path that stays on this site when used as a redirect target: browsers read `//host/…` and `/\host/…`
 * as another site's address, so a leading run of slashes and backslashes becomes one slash.
 */
export function onSitePath(pathname: string): string {
  return pathname.replace(/^[/\\]+/, '/');
}

/**
 * If the path starts with a stripped foreign prefix (`/fi/games`, `/en-ZA`), the path without it
 * (always a path on this site); otherwise null.
 */
export function withoutStrippedPrefix(pathname: string): string | null {
  for (const prefix of strippedLocalePrefixes) {
    const head = `/${prefix}`;
    if (pathname === head) return '/';
    if (pathname.startsWith(`${head}/`) || pathname.startsWith(`${head}\\`)) {
      return onSitePath(pathname.slice(head.length));
    }
  }
  return null;
}

/** Writing direction per locale; both supported locales are left-to-right. */
export function directionOf(_locale: Locale): 'ltr' | 'rtl' {
  return 'ltr';
}

/**
 * A game page's path (`/game/<urlId>`, in either language): where a deposit started on it comes back
 * to. Nothing else is accepted as a return path, so a deposit can never send a player off the site.
 */
export const gamePagePath = /^(\/el)?\/game\/[a-z0-9]+(-[a-z0-9]+)*$/;
