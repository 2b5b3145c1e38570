import { type Locale, localeFromPath, localizePath, stripLocale } from './locale.ts';

/**
 * Old addresses that now live in the profile area, and bare section paths that open their default
 * child (spec §2). Paths are without the locale prefix; the prefix of the request is kept.
 */
const rules: { pattern: RegExp; target: (match: RegExpExecArray) => string }[] = [
  { pattern: /^\/games\/?$/, target: () => '/games/all' },
  { pattern: /^\/tournaments\/?$/, target: () => '/tournaments/active' },
  { pattern: /^\/profile\/?$/, target: () => '/profile/general' },
  { pattern: /^\/users\/edit\/?$/, target: () => '/profile/general/security' },
  { pattern: /^\/documents\/?$/, target: () => '/profile/general/verification' },
  { pattern: /^\/accounts\/history\/?$/, target: () => '/profile/wallet/transactions' },
  {
    pattern: /^\/accounts\/([^/]+)\/cashout\/?$/,
    target: (match) =>
      `/profile/wallet/withdrawal?currency=${encodeURIComponent(decodeURIComponent(match[1] ?? ''))}`,
  },
  { pattern: /^\/accounts\/[^/]+\/select\/?$/, target: () => '/profile/wallet/balance' },
  { pattern: /^\/accounts\/[^/]+\/deposit\/?$/, target: () => '/deposit' },
];

/** Where an old or bare path now lives, in the same locale; null when the path is current. */
export function legacyRedirect(pathname: string): string | null {
  const locale: Locale = localeFromPath(pathname);
  const bare = stripLocale(pathname);
  for (const rule of rules) {
    const match = rule.pattern.exec(bare);
    if (match) return localizePath(rule.target(match), locale);
  }
  return null;
}

/**
 * A redirect table from configuration: exact paths (without query) to a site path or an absolute URL.
 * Returns the target for a path, or null.
 */
export function routeRuleRedirect(rules: Readonly<Record<string, string>>, pathname: string): string | null {
  const withoutSlash = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return rules[pathname] ?? rules[withoutSlash] ?? null;
}
