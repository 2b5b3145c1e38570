/** What a formatter needs of a currency (spec §3 Currency). */
export interface MoneyCurrency {
  code: string;
  symbol: string;
  subunits_to_unit: number;
  fiat: boolean;
  subcurrencies?: { code: string; symbol: string; subunits_to_unit: number }[];
}

export interface MoneyOptions {
  locale: 'en' | 'el';
  /** Show every decimal of a non-fiat amount instead of cutting it to two. */
  force?: boolean;
  /** Show a crypto amount in one of its display units, e.g. mBTC. */
  subcurrency?: string | undefined;
}

const decimalsOf = (subunits: number) => Math.max(0, Math.round(Math.log10(subunits)));

/**
 * Number formats by locale, currency (or none) and decimals. Building an Intl.NumberFormat costs far more
 * than formatting with one (2.5 % of a signed-in page's server CPU, decision 42), and a page formats
 * dozens of amounts in a handful of formats. A currency code Intl does not know is kept as null.
 */
const formats = new Map<string, Intl.NumberFormat | null>();
function numberFormat(locale: string, currency: string | null, decimals: number): Intl.NumberFormat | null {
  const key = `${locale} ${currency ?? ''} ${decimals}`;
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        ...(currency ? { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } : {}),
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    } catch {
      format = null;
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Spec §9 money display: the subunit count decides the decimals; non-fiat amounts are cut (never
 * rounded up) to two decimals unless forced; a crypto amount may be shown in a subcurrency.
 * Amounts are minor units (cents, satoshi).
 */
export function formatMoney(amountCents: number, currency: MoneyCurrency, options: MoneyOptions): string {
  const display = options.subcurrency
    ? (currency.subcurrencies?.find((sub) => sub.code === options.subcurrency) ?? currency)
    : currency;
  const subunits = display.subunits_to_unit;
  let decimals = decimalsOf(subunits);
  let value = amountCents / subunits;
  if (!currency.fiat && !options.force && decimals > 2) {
    decimals = 2;
    value = Math.trunc(value * 100) / 100;
  }
  const intlLocale = options.locale === 'el' ? 'el-GR' : 'en-GB';
  // A code Intl does not know falls through to number and symbol.
  const asCurrency =
    currency.fiat && !options.subcurrency ? numberFormat(intlLocale, currency.code, decimals) : null;
  if (asCurrency) return asCurrency.format(value);
  const number = (numberFormat(intlLocale, null, decimals) as Intl.NumberFormat).format(value);
  return `${number} ${display.symbol || display.code}`;
}

/** Whole units typed by a player into minor units, or null when not a valid amount for the currency. */
export function parseMoney(input: string, currency: Pick<MoneyCurrency, 'subunits_to_unit'>): number | null {
  const normalised = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalised)) return null;
  const decimals = decimalsOf(currency.subunits_to_unit);
  const [whole = '0', fraction = ''] = normalised.split('.');
  if (fraction.length > decimals) return null;
  const cents = Number(whole) * currency.subunits_to_unit + Number(fraction.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}
