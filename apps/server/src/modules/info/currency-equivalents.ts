/**
 * Units of each offered fiat currency worth about one euro, for the seeded campaigns' "or the
 * equivalent" amounts (the promotion pages state them in euros). Operators set their own per-currency
 * amounts in a campaign's terms; these only seed the advertised ones.
 */
const unitsPerEuro: Record<string, number> = {
  EUR: 1,
  USD: 1.1,
  GBP: 0.85,
  CAD: 1.5,
  AUD: 1.65,
  NZD: 1.8,
  NOK: 11.5,
  SEK: 11.3,
  DKK: 7.45,
  ISK: 150,
  PLN: 4.3,
  CZK: 25,
  HUF: 400,
  RON: 5,
  CHF: 0.95,
  TRY: 38,
  UAH: 45,
  GEL: 3,
  AZN: 1.85,
  KZT: 550,
  UZS: 14000,
  BRL: 6,
  MXN: 21,
  ARS: 1200,
  CLP: 1050,
  COP: 4500,
  PEN: 4.1,
  INR: 95,
  JPY: 165,
  KRW: 1500,
  THB: 38,
  VND: 28000,
  IDR: 18000,
  MYR: 5,
  PHP: 63,
  SGD: 1.45,
  HKD: 8.5,
  ZAR: 20,
  NGN: 1700,
  KES: 140,
  EGP: 54,
  AED: 4,
  SAR: 4.1,
  ILS: 4,
  KWD: 0.33,
  BHD: 0.41,
  OMR: 0.42,
  JOD: 0.77,
};

/** Two significant digits: €20 in NOK is 230, not 229.9. */
function rounded(units: number): number {
  const magnitude = 10 ** (Math.floor(Math.log10(units)) - 1);
  return Math.round(units / magnitude) * magnitude;
}

/**
 * A euro amount (cents) in every currency of `currencies` this table knows, in each one's minor units
 * (`subunits` per unit), rounded to two significant digits of the currency's units.
 */
export function equivalents(
  euroCents: number,
  currencies: readonly { code: string; subunits: number }[],
): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const { code, subunits } of currencies) {
    const rate = unitsPerEuro[code];
    if (rate === undefined) continue;
    const units = code === 'EUR' ? euroCents / 100 : rounded((euroCents / 100) * rate);
    amounts[code] = Math.round(units * subunits);
  }
  return amounts;
}
