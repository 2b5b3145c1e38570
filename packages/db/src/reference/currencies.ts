/**
 * Currencies offered at launch. Minor units follow ISO 4217 for fiat (JPY 0, KWD 3 decimals);
 * crypto amounts are kept in the units wallets and explorers display (BTC in satoshi).
 * USD is the default currency (spec §9).
 */
export interface CurrencySeed {
  code: string;
  symbol: string;
  subunitsToUnit: number;
  fiat: boolean;
  subcurrencies?: { code: string; symbol: string; subunits_to_unit: number }[];
}

export const defaultCurrencyCode = 'USD';

export const currencySeeds: CurrencySeed[] = [
  { code: 'USD', symbol: '$', subunitsToUnit: 100, fiat: true },
  { code: 'EUR', symbol: '€', subunitsToUnit: 100, fiat: true },
  { code: 'GBP', symbol: '£', subunitsToUnit: 100, fiat: true },
  { code: 'CAD', symbol: 'C$', subunitsToUnit: 100, fiat: true },
  { code: 'AUD', symbol: 'A$', subunitsToUnit: 100, fiat: true },
  { code: 'NZD', symbol: 'NZ$', subunitsToUnit: 100, fiat: true },
  { code: 'NOK', symbol: 'kr', subunitsToUnit: 100, fiat: true },
  { code: 'SEK', symbol: 'kr', subunitsToUnit: 100, fiat: true },
  { code: 'DKK', symbol: 'kr.', subunitsToUnit: 100, fiat: true },
  { code: 'ISK', symbol: 'kr', subunitsToUnit: 1, fiat: true },
  { code: 'PLN', symbol: 'zł', subunitsToUnit: 100, fiat: true },
  { code: 'CZK', symbol: 'Kč', subunitsToUnit: 100, fiat: true },
  { code: 'HUF', symbol: 'Ft', subunitsToUnit: 100, fiat: true },
  { code: 'RON', symbol: 'lei', subunitsToUnit: 100, fiat: true },
  { code: 'CHF', symbol: 'CHF', subunitsToUnit: 100, fiat: true },
  { code: 'TRY', symbol: '₺', subunitsToUnit: 100, fiat: true },
  { code: 'UAH', symbol: '₴', subunitsToUnit: 100, fiat: true },
  { code: 'GEL', symbol: '₾', subunitsToUnit: 100, fiat: true },
  { code: 'AZN', symbol: '₼', subunitsToUnit: 100, fiat: true },
  { code: 'KZT', symbol: '₸', subunitsToUnit: 100, fiat: true },
  { code: 'UZS', symbol: 'soʻm', subunitsToUnit: 100, fiat: true },
  { code: 'BRL', symbol: 'R$', subunitsToUnit: 100, fiat: true },
  { code: 'MXN', symbol: 'MX$', subunitsToUnit: 100, fiat: true },
  { code: 'ARS', symbol: 'AR$', subunitsToUnit: 100, fiat: true },
  { code: 'CLP', symbol: 'CLP$', subunitsToUnit: 1, fiat: true },
  { code: 'COP', symbol: 'COL$', subunitsToUnit: 100, fiat: true },
  { code: 'PEN', symbol: 'S/', subunitsToUnit: 100, fiat: true },
  { code: 'INR', symbol: '₹', subunitsToUnit: 100, fiat: true },
  { code: 'JPY', symbol: '¥', subunitsToUnit: 1, fiat: true },
  { code: 'KRW', symbol: '₩', subunitsToUnit: 1, fiat: true },
  { code: 'THB', symbol: '฿', subunitsToUnit: 100, fiat: true },
  { code: 'VND', symbol: '₫', subunitsToUnit: 1, fiat: true },
  { code: 'IDR', symbol: 'Rp', subunitsToUnit: 100, fiat: true },
  { code: 'MYR', symbol: 'RM', subunitsToUnit: 100, fiat: true },
  { code: 'PHP', symbol: '₱', subunitsToUnit: 100, fiat: true },
  { code: 'SGD', symbol: 'S$', subunitsToUnit: 100, fiat: true },
  { code: 'HKD', symbol: 'HK$', subunitsToUnit: 100, fiat: true },
  { code: 'ZAR', symbol: 'R', subunitsToUnit: 100, fiat: true },
  { code: 'NGN', symbol: '₦', subunitsToUnit: 100, fiat: true },
  { code: 'KES', symbol: 'KSh', subunitsToUnit: 100, fiat: true },
  { code: 'EGP', symbol: 'E£', subunitsToUnit: 100, fiat: true },
  { code: 'AED', symbol: 'AED', subunitsToUnit: 100, fiat: true },
  { code: 'SAR', symbol: 'SAR', subunitsToUnit: 100, fiat: true },
  { code: 'ILS', symbol: '₪', subunitsToUnit: 100, fiat: true },
  { code: 'KWD', symbol: 'KD', subunitsToUnit: 1000, fiat: true },
  { code: 'BHD', symbol: 'BD', subunitsToUnit: 1000, fiat: true },
  { code: 'OMR', symbol: 'OMR', subunitsToUnit: 1000, fiat: true },
  { code: 'JOD', symbol: 'JD', subunitsToUnit: 1000, fiat: true },
  {
    code: 'BTC',
    symbol: '₿',
    subunitsToUnit: 100_000_000,
    fiat: false,
    subcurrencies: [
      { code: 'mBTC', symbol: 'm₿', subunits_to_unit: 100_000 },
      { code: 'µBTC', symbol: 'µ₿', subunits_to_unit: 100 },
    ],
  },
  {
    code: 'ETH',
    symbol: 'Ξ',
    subunitsToUnit: 100_000_000,
    fiat: false,
    subcurrencies: [{ code: 'mETH', symbol: 'mΞ', subunits_to_unit: 100_000 }],
  },
  {
    code: 'LTC',
    symbol: 'Ł',
    subunitsToUnit: 100_000_000,
    fiat: false,
    subcurrencies: [{ code: 'mLTC', symbol: 'mŁ', subunits_to_unit: 100_000 }],
  },
  {
    code: 'BCH',
    symbol: 'BCH',
    subunitsToUnit: 100_000_000,
    fiat: false,
    subcurrencies: [{ code: 'mBCH', symbol: 'mBCH', subunits_to_unit: 100_000 }],
  },
  { code: 'DOGE', symbol: 'Ð', subunitsToUnit: 100_000_000, fiat: false },
  { code: 'USDT', symbol: '₮', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'USDC', symbol: 'USDC', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'XRP', symbol: 'XRP', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'TRX', symbol: 'TRX', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'ADA', symbol: '₳', subunitsToUnit: 1_000_000, fiat: false },
  { code: 'SOL', symbol: '◎', subunitsToUnit: 1_000_000_000, fiat: false },
  { code: 'TON', symbol: 'TON', subunitsToUnit: 1_000_000_000, fiat: false },
  { code: 'BNB', symbol: 'BNB', subunitsToUnit: 100_000_000, fiat: false },
];
