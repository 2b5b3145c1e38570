import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * State every instance must share and nobody needs for long: rate-limit counters, captcha counters
 * and spent solutions, social sign-ins between the provider's redirect and its callback. Used when
 * REDIS_URL is unset (docs/decisions/0014-rate-limits-and-shared-state.md). Both tables are UNLOGGED
 * (set in their migration; drizzle has no word for it): no WAL on the sign-in path, and a database
 * crash or failover forgets them, which costs no more than a fresh window or a repeated sign-in.
 */

/** Fixed-window counters: one row per key, restarted by the first hit after `window_ends_at`. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Values kept until `expires_at`: read at most once, or held only to be known as present. */
export const expiringValues = pgTable('expiring_values', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
