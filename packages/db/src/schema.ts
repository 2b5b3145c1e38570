import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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

/**
 * Content collections loaded from the files under content/{en,el}/ at start-up. The files are the
 * source of truth: a start replaces what changed and removes items whose file is gone.
 */
export const contentItems = pgTable(
  'content_items',
  {
    collection: text('collection').notNull(),
    locale: text('locale').notNull(),
    stem: text('stem').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    bodyHtml: text('body_html'),
    /** Fingerprint of the source file, so unchanged items are not rewritten on every start. */
    checksum: text('checksum').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collection, table.locale, table.stem] })],
);

/** Messages sent through the support page's contact form, kept for the support team. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
