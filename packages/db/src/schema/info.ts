import { boolean, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Currencies the casino offers. Seeded from reference data; operators may disable or reorder them,
 * so the seed never overwrites an existing row.
 */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  subunitsToUnit: integer('subunits_to_unit').notNull(),
  fiat: boolean('fiat').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  position: smallint('position').notNull(),
  /** Display units of a crypto currency, e.g. mBTC: [{ code, symbol, subunits_to_unit }]. */
  subcurrencies: jsonb('subcurrencies')
    .$type<{ code: string; symbol: string; subunits_to_unit: number }[]>()
    .notNull()
    .default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ISO 3166-1 countries with the currency a new player from there gets and the dialling prefix. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  /** Country name per supported locale: { en, el }. */
  names: jsonb('names').$type<{ en: string; el: string }>().notNull(),
  defaultCurrency: text('default_currency')
    .notNull()
    .references(() => currencies.code),
  dialCode: text('dial_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
