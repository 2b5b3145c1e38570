import type { Locale } from '@chrysos/rules';

/**
 * A page rendered bare: no casino header, footer, modals or account effects — the game clients in
 * the casino's iframe. Its route module exports `handle = bareHandle` and a loader returning `lang`.
 */
export const bareHandle = { bare: true } as const;

interface MatchLike {
  handle?: unknown;
  loaderData?: unknown;
}

const isBare = (handle: unknown) => (handle as { bare?: unknown } | null | undefined)?.bare === true;

/** The bare page among the matched routes, with the language its loader chose; null for casino pages. */
export function barePage(matches: readonly MatchLike[]): { lang: Locale } | null {
  const match = matches.find((candidate) => isBare(candidate.handle));
  if (!match) return null;
  const lang = (match.loaderData as { lang?: unknown } | undefined)?.lang;
  return { lang: lang === 'el' ? 'el' : 'en' };
}
