import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { countrySeeds } from './reference/countries.ts';
import { currencySeeds, defaultCurrencyCode } from './reference/currencies.ts';
import { countries, currencies, experiments } from './schema/index.ts';

/**
 * The demo's A/B test: half of the visitors see the welcome offer led by its free spins (the content's
 * firstDepositBonusBanner `00-free-spins-first`, shown to `/b`), the other half the offer as it stands.
 */
const demoExperiments = [
  {
    id: 'home-welcome-banner',
    name: 'Home page: the welcome offer led by its free spins',
    status: 'running' as const,
    variations: [
      { key: 'control', path: '/', weight: 0.5 },
      { key: 'free-spins-first', path: '/b', weight: 0.5 },
    ],
    coverage: 1,
    seed: 'home-welcome-banner',
  },
];

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
    // A database migrated only part of the way (a migration's own test) has no experiments yet.
    const { rows } = (await tx.execute(sql`select to_regclass('experiments') is not null as present`)) as {
      rows: { present: boolean }[];
    };
    if (!rows[0]?.present) return;
    const now = new Date();
    await tx
      .insert(experiments)
      .values(demoExperiments.map((experiment) => ({ ...experiment, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
  });
}
