import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { countries, currencies } from './info.ts';

/*
 * The player's record, owned by the player module. How the player signs in (password hash, one-time tokens,
 * lockout, sign-in counts) is auth's own row beside it, `player_credentials` (schema/auth.ts).
 */

/** A registered player (spec §3 Player). Email is unique regardless of letter case. */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Personal details of /profile/general. */
    dateOfBirth: text('date_of_birth'),
    phone: text('phone'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
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
    /** When the player proved the address theirs (a confirmation link, a reset link, a provider's word). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Fields a social sign-in could not provide; the CompleteRegistration modal asks for them. */
    authFieldsMissed: text('auth_fields_missed').array().notNull().default(sql`'{}'::text[]`),
    /** Marketing tags (spec §9) the player arrived with, and the affiliate tag after processing. */
    referralParams: jsonb('referral_params').$type<Record<string, string>>().notNull().default({}),
    referralTag: text('referral_tag'),
    /**
     * Since when the player can place no bet (the wallet answers RS_ERROR_USER_DISABLED): set while the
     * account is suspended or closed.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * What operators decided of the account (issue 38): `active`, `suspended` until reinstated, or
     * `closed` for good; with the reason, when and by whom (`operator:<id>`) of the last change. A
     * suspended or closed player cannot sign in or move money.
     */
    accountStatus: text('account_status', { enum: ['active', 'suspended', 'closed'] })
      .notNull()
      .default('active'),
    accountStatusReason: text('account_status_reason'),
    accountStatusChangedAt: timestamp('account_status_changed_at', { withTimezone: true }),
    accountStatusChangedBy: text('account_status_changed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The back office's search indexes are built concurrently after the migrations (concurrent-indexes.ts).
  (table) => [
    uniqueIndex('players_email_lower_unique').on(sql`lower(${table.email})`),
    check('players_account_status', sql`${table.accountStatus} in ('active', 'suspended', 'closed')`),
  ],
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

/** What operators wrote about a player on their record (Player 360): kept, never edited. */
export const playerNotes = pgTable(
  'player_notes',
  {
    /** In the order they were written. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** `operator:<id>` of who wrote it. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('player_notes_player').on(table.playerId, table.id)],
);
