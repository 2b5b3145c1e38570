import { countries as countryFacts } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import greekNames from 'i18n-iso-countries/langs/el.json' with { type: 'json' };
import { currencySeeds, defaultCurrencyCode } from './currencies.ts';

isoCountries.registerLocale(greekNames);

export interface CountrySeed {
  code: string;
  names: { en: string; el: string };
  defaultCurrency: string;
  dialCode: string;
}

const offered = new Set(currencySeeds.map((currency) => currency.code));

/** Where a country has several calling codes in the source data, the one in everyday use. */
const dialCodeOverrides: Record<string, string> = { XK: '+383' };

/**
 * Every ISO 3166-1 country (and Kosovo, which players select in practice). A player from a country
 * whose own currency we do not offer starts in EUR inside Europe and in USD elsewhere.
 */
export const countrySeeds: CountrySeed[] = Object.keys(isoCountries.getAlpha2Codes())
  .sort()
  .flatMap((code) => {
    const facts = countryFacts[code as keyof typeof countryFacts];
    if (!facts) return [];
    const local = facts.currency.find((currency) => offered.has(currency));
    const fallback = facts.continent === 'EU' ? 'EUR' : defaultCurrencyCode;
    return [
      {
        code,
        names: { en: facts.name, el: isoCountries.getName(code, 'el') ?? facts.name },
        defaultCurrency: local ?? fallback,
        dialCode: dialCodeOverrides[code] ?? `+${facts.phone[0]}`,
      },
    ];
  });
