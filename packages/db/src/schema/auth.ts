import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

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
     * The player's session-time limit, in minutes, that ended this session (issue 17), so a request that
     * still carries it is told why; null for a session that did not end at a limit.
     */
    endedAtLimitMinutes: integer('ended_at_limit_minutes'),
  },
  (table) => [index('sessions_player_idx').on(table.playerId)],
);
