import type { Locale } from '@chrysos/rules';
import type { Translate } from '../../lib/i18n';

const intlLocale: Record<Locale, string> = { en: 'en-GB', el: 'el-GR' };

/** Return to player as the visitor's language writes a percentage: 96.1% / 96,1%. */
export function formatRtp(rtp: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(rtp / 100);
}

/** A count in the visitor's language: `{ one, other }` messages under `key`, `zero` when given. */
export function countText(t: Translate, locale: Locale, key: string, count: number): string {
  if (count === 0) {
    const zero = t(`${key}.zero`, { count });
    if (zero !== `${key}.zero`) return zero;
  }
  const form = new Intl.PluralRules(intlLocale[locale]).select(count) === 'one' ? 'one' : 'other';
  return t(`${key}.${form}`, { count: new Intl.NumberFormat(intlLocale[locale]).format(count) });
}

/**
 * A game feature (`free-spins`) in the visitor's language. A feature the catalogue adds before the
 * messages know it is still shown readably: "Free spins" from its slug.
 */
export function featureLabel(t: Translate, feature: string): string {
  const key = `games.features.${feature}`;
  const text = t(key);
  if (text !== key) return text;
  const words = feature.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
