import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
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
 * The player's record, owned by the player module. Sign-in's columns (password hash, one-time tokens,
 * lockout, sign-in counts) are still on this row, and auth writes them: the one module besides player that
 * names these tables (scripts/foreign-tables.json lists its files) until they move to a table of auth's.
 */

/** A registered player (spec §3 Player). Email is unique regardless of letter case. */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null for a player who only ever signed in through a social provider. */
    passwordHash: text('password_hash'),
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
    /** Consecutive failed sign-ins; ten lock the account (Devise lockable). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Emailed one-time tokens (Devise confirmable, recoverable, lockable). Only SHA-256 hashes are
     * kept, so a database leak hands out no working link; each is cleared when used.
     */
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true }),
    unlockTokenHash: text('unlock_token_hash'),
    /** Fields a social sign-in could not provide; the CompleteRegistration modal asks for them. */
    authFieldsMissed: text('auth_fields_missed').array().notNull().default(sql`'{}'::text[]`),
    /** Marketing tags (spec §9) the player arrived with, and the affiliate tag after processing. */
    referralParams: jsonb('referral_params').$type<Record<string, string>>().notNull().default({}),
    referralTag: text('referral_tag'),
    signInCount: integer('sign_in_count').notNull().default(0),
    currentSignInAt: timestamp('current_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an operator: the player can neither sign in nor move money (RS_ERROR_USER_DISABLED). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('players_email_lower_unique').on(sql`lower(${table.email})`),
    uniqueIndex('players_confirmation_token_unique').on(table.confirmationTokenHash),
    uniqueIndex('players_reset_password_token_unique').on(table.resetPasswordTokenHash),
    uniqueIndex('players_unlock_token_unique').on(table.unlockTokenHash),
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
