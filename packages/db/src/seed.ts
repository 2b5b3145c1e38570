import type { Db } from './client.ts';
import { countrySeeds } from './reference/countries.ts';
import { currencySeeds, defaultCurrencyCode } from './reference/currencies.ts';
import { countries, currencies } from './schema/index.ts';

/**
 * Loads the reference and demo data. Safe to run on every start: rows that exist are left as they
 * are, so operator changes and player data survive, and nothing is inserted twice.
 */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(currencies)
      .values(
        currencySeeds.map((currency, position) => ({
          code: currency.code,
          symbol: currency.symbol,
          subunitsToUnit: currency.subunitsToUnit,
          fiat: currency.fiat,
          isDefault: currency.code === defaultCurrencyCode,
          position,
          subcurrencies: currency.subcurrencies ?? [],
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(
        countrySeeds.map((country) => ({
          code: country.code,
          names: country.names,
          defaultCurrency: country.defaultCurrency,
          dialCode: country.dialCode,
        })),
      )
      .onConflictDoNothing();
  });
}
