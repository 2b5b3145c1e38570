import type { Currency } from '@chrysos/contract';
import { formatMoney, type Locale } from '@chrysos/rules';

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
