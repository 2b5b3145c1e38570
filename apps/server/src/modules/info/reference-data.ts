import type { Country, Currency, DialCode } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { asc, eq } from 'drizzle-orm';

/**
 * Reference data changes only when an operator edits it, yet every page view asks for it.
 * It is read from the database at most once per `ttlMs` per process.
 */
export class ReferenceData {
  readonly #db: Db;
  readonly #ttlMs: number;
  #loaded: Promise<{ currencies: Currency[]; countries: CountryRow[] }> | undefined;
  #loadedAt = 0;

  constructor(db: Db, ttlMs = 30_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  async currencies(): Promise<Currency[]> {
    return (await this.#load()).currencies;
  }

  async currency(code: string): Promise<Currency | undefined> {
    return (await this.currencies()).find((currency) => currency.code === code);
  }

  async defaultCurrency(): Promise<string> {
    const currencies = await this.currencies();
    return (currencies.find((currency) => currency.default) ?? currencies[0])?.code ?? 'USD';
  }

  async countries(locale: Locale): Promise<Country[]> {
    const { countries } = await this.#load();
    return countries
      .map((country) => ({
        name: country.names[locale],
        code: country.code,
        default_currency: country.defaultCurrency,
      }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }

  async dialCodes(locale: Locale): Promise<DialCode[]> {
    const { countries } = await this.#load();
    return countries
      .map((country) => ({ code: country.code, name: country.names[locale], dial_code: country.dialCode }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }

  async country(code: string): Promise<CountryRow | undefined> {
    return (await this.#load()).countries.find((country) => country.code === code);
  }

  /** Forget the cached copy, e.g. after an operator changed a currency. */
  invalidate(): void {
    this.#loaded = undefined;
  }

  #load() {
    if (!this.#loaded || Date.now() - this.#loadedAt > this.#ttlMs) {
      this.#loadedAt = Date.now();
      const loading = this.#query();
      // A failed read is not cached: the next request tries the database again.
      loading.catch(() => {
        if (this.#loaded === loading) this.#loaded = undefined;
      });
      this.#loaded = loading;
    }
    return this.#loaded;
  }

  async #query() {
    const currencyRows = await this.#db
      .select()
      .from(schema.currencies)
      .where(eq(schema.currencies.enabled, true))
      .orderBy(asc(schema.currencies.position));
    const countries = await this.#db.select().from(schema.countries).orderBy(asc(schema.countries.code));
    const currencies: Currency[] = currencyRows.map((row) => ({
      code: row.code,
      symbol: row.symbol,
      subunits_to_unit: row.subunitsToUnit,
      default: row.isDefault,
      fiat: row.fiat,
      subcurrencies: row.subcurrencies,
    }));
    return { currencies, countries };
  }
}

type CountryRow = typeof schema.countries.$inferSelect;
