import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/**
 * How a player signs in (Devise database_authenticatable, lockable, confirmable, recoverable, trackable):
 * auth's own row beside the player's record, one per player, made with the player.
 */
export const playerCredentials = pgTable(
  'player_credentials',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Null for a player who only ever signed in through a social provider. */
    passwordHash: text('password_hash'),
    /** Consecutive failed sign-ins; ten lock the account. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * Emailed one-time tokens. Only SHA-256 hashes are kept, so a database leak hands out no working
     * link; each is cleared when used.
     */
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true }),
    unlockTokenHash: text('unlock_token_hash'),
    signInCount: integer('sign_in_count').notNull().default(0),
    currentSignInAt: timestamp('current_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('player_credentials_confirmation_token_unique').on(table.confirmationTokenHash),
    uniqueIndex('player_credentials_reset_password_token_unique').on(table.resetPasswordTokenHash),
    uniqueIndex('player_credentials_unlock_token_unique').on(table.unlockTokenHash),
  ],
);

/** A player's link to a social sign-in account: the provider's stable subject identifier. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('auth_identities_player_idx').on(table.playerId),
  ],
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
    /**
     * When a request last came with it, to the minute (written at most once a minute, so a busy player
     * costs one write a minute): what operators read as "last seen". Null until its first minute passed.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * The player's session-time limit, in minutes, that ended this session (issue 17), so a request that
     * still carries it is told why; null for a session that did not end at a limit.
     */
    endedAtLimitMinutes: integer('ended_at_limit_minutes'),
  },
  (table) => [index('sessions_player_idx').on(table.playerId)],
);
