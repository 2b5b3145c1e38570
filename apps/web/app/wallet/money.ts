import type { Currency } from '@chrysos/contract';
import { formatMoney, type Locale, parseMoney } from '@chrysos/rules';

/**
 * Money as the wallet screens show and read it, on top of the spec §9 rules of @chrysos/rules
 * (formatMoney / parseMoney): every amount is minor units of its currency, shown in the display unit
 * the player chose for it (a crypto subcurrency such as mBTC, else the currency itself).
 */

/** The unit amounts are shown and typed in: the chosen subcurrency, else the currency itself. */
export function displayUnit(
  currency: Currency,
  subcurrency: string | undefined,
): { code: string; symbol: string; subunits_to_unit: number } {
  return currency.subcurrencies.find((sub) => sub.code === subcurrency) ?? currency;
}

export interface ShowOptions {
  locale: Locale;
  subcurrency?: string | undefined;
  /**
   * A figure the player must read exactly (a limit, a quick amount): a non-fiat amount that the
   * two-decimal cut would change is shown with every decimal instead.
   */
  exact?: boolean;
}

/** An amount for display; `exact` keeps limits such as 0.0002 BTC from reading as 0.00 BTC. */
export function showMoney(amountCents: number, currency: Currency, options: ShowOptions): string {
  const { locale, subcurrency } = options;
  const unit = displayUnit(currency, subcurrency).subunits_to_unit;
  const cutLoses = !currency.fiat && unit > 100 && amountCents % (unit / 100) !== 0;
  return formatMoney(amountCents, currency, { locale, subcurrency, force: options.exact && cutLoses });
}

/** A signed change of balance: `+€50.00`, `−€10.00` (a true minus sign), `€0.00`. */
export function showSignedMoney(amountCents: number, currency: Currency, options: ShowOptions): string {
  const sign = amountCents > 0 ? '+' : amountCents < 0 ? '−' : '';
  return `${sign}${showMoney(Math.abs(amountCents), currency, options)}`;
}

/**
 * What an amount field holds for a number of minor units: digits in the display unit without
 * grouping or trailing zeros (`50`, `12.5`, `0.0002`), with the locale's decimal comma in Greek.
 */
export function amountInputValue(amountCents: number, unitSubunits: number, locale: Locale): string {
  const decimals = Math.max(0, Math.round(Math.log10(unitSubunits)));
  const whole = Math.trunc(amountCents / unitSubunits);
  const fraction = String(amountCents % unitSubunits)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  if (!fraction) return String(whole);
  return `${whole}${locale === 'el' ? ',' : '.'}${fraction}`;
}

/** A typed amount in the display unit, as minor units of the currency; null when it is not one. */
export function readAmount(
  input: string,
  currency: Currency,
  subcurrency: string | undefined,
): number | null {
  return parseMoney(input, displayUnit(currency, subcurrency));
}

/**
 * Quick amounts for a method's limits: the minimum, then round 1-2-5 steps above it (10, 20, 50, 100…)
 * up to the maximum, at most `count` of them. Minor units in, minor units out.
 */
export function quickAmounts(minCents: number, maxCents: number, count = 5): number[] {
  if (maxCents < minCents || minCents <= 0) return [];
  const amounts = [minCents];
  let magnitude = 10 ** Math.floor(Math.log10(minCents));
  while (amounts.length < count) {
    for (const step of [1, 2, 5]) {
      const value = step * magnitude;
      if (value > maxCents) return amounts;
      // A step must be clearly above the last chip (≥ 1.5×), so 10 is not followed by 12.
      if (value >= (amounts.at(-1) ?? 0) * 1.5 && amounts.length < count) amounts.push(value);
    }
    magnitude *= 10;
  }
  return amounts;
}

/** Why an amount cannot be sent, checked before the server is asked. */
export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'min'; cents: number }
  | { kind: 'max'; cents: number }
  | { kind: 'available'; cents: number };

/** Checks a typed amount against the method's limits and, for a withdrawal, the money available. */
export function amountProblem(
  cents: number | null,
  input: string,
  limits: { min_cents: number; max_cents: number },
  availableCents?: number,
): AmountProblem | null {
  if (input.trim() === '') return { kind: 'required' };
  if (cents === null || cents <= 0) return { kind: 'invalid' };
  if (cents < limits.min_cents) return { kind: 'min', cents: limits.min_cents };
  if (availableCents !== undefined && cents > availableCents)
    return { kind: 'available', cents: availableCents };
  if (cents > limits.max_cents) return { kind: 'max', cents: limits.max_cents };
  return null;
}

/** A currency the list does not know yet (the list is still loading): two decimals, its code as symbol. */
export function provisionalCurrency(code: string): Currency {
  return { code, symbol: code, subunits_to_unit: 100, default: false, fiat: true, subcurrencies: [] };
}

/** Crypto currencies Intl has no name for; proper names, the same in English and Greek. */
const cryptoNames: Record<string, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  LTC: 'Litecoin',
  USDT: 'Tether',
};

/** The currency's name in the reader's language (Euro, Ευρώ; Bitcoin), else its code. */
export function currencyName(code: string, locale: Locale): string {
  if (cryptoNames[code]) return cryptoNames[code];
  try {
    const name = new Intl.DisplayNames([locale === 'el' ? 'el-GR' : 'en-GB'], { type: 'currency' }).of(code);
    return name && name !== code ? name : code;
  } catch {
    return code;
  }
}
