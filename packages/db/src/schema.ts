import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
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

/** A registered player (spec §3 Player). Email is unique regardless of letter case. */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    language: text('language').notNull().default('en'),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    country: text('country').references(() => countries.code),
    termsAcceptance: boolean('terms_acceptance').notNull(),
    ageAcceptance: boolean('age_acceptance').notNull(),
    receivePromos: boolean('receive_promos').notNull().default(false),
    receiveSmsPromos: boolean('receive_sms_promos').notNull().default(false),
    agreedToPartnerPromotions: boolean('agreed_to_partner_promotions').notNull().default(false),
    depositBonusCode: text('deposit_bonus_code'),
    /** Consecutive failed sign-ins; ten lock the account (Devise lockable). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    signInCount: integer('sign_in_count').notNull().default(0),
    currentSignInAt: timestamp('current_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('players_email_lower_unique').on(sql`lower(${table.email})`)],
);

/** Player groups (spec §3 statuses): they drive content visibility, bonuses and limits. */
export const playerGroups = pgTable(
  'player_groups',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.group] })],
);

/**
 * Signed-in sessions. The cookie holds a random token; only its SHA-256 is stored, so a database leak
 * does not hand out sessions. A session ends when revoked or expired.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_player_idx').on(table.playerId)],
);
