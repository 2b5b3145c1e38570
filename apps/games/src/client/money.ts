import { formatMoney } from '@chrysos/rules';
import type { Lang } from './api.ts';

/** How the session's currency is written: the code and how many minor units make one unit. */
export interface SessionCurrency {
  code: string;
  subunits: number;
}

const decimalsOf = (subunits: number) => Math.max(0, Math.round(Math.log10(subunits)));

/**
 * An amount in minor units, written in the player's language and currency with the casino's money
 * format. Currencies with more than two decimals (crypto) are shown with all of them: a stake of
 * 0.00001 BTC must not read as 0.00.
 */
export function formatAmount(minor: number, currency: SessionCurrency, lang: Lang): string {
  const fiat = decimalsOf(currency.subunits) <= 2;
  return formatMoney(
    minor,
    { code: currency.code, symbol: currency.code, subunits_to_unit: currency.subunits, fiat },
    { locale: lang, force: !fiat },
  );
}

const intlLocale = (lang: Lang) => (lang === 'el' ? 'el-GR' : 'en-GB');

/** A plain number in the player's language, with a fixed number of decimals. */
export function formatNumber(value: number, lang: Lang, decimals = 0): string {
  return new Intl.NumberFormat(intlLocale(lang), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * A multiplier as shown to a player: cut (never rounded up) to `decimals`, so the figure on screen
 * never promises more than the game pays.
 */
export function formatMultiplier(value: number, lang: Lang, decimals = 4): string {
  const factor = 10 ** decimals;
  return `${formatNumber(Math.floor(value * factor + 1e-9) / factor, lang, decimals)}×`;
}

/** A moment as a short local date and time. */
export function formatTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'short', timeStyle: 'short' }).format(date);
}
