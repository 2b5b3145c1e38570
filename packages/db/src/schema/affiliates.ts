import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A call owed to the affiliate service (spec §7 tracking pixel; the server-to-server postbacks affiliate
 * platforms pay on): one row per idempotency key, so a domain event delivered twice owes one call; a
 * job sends it until it is answered, and the row keeps what happened.
 */
export const affiliateCalls = pgTable(
  'affiliate_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `registration:<player>`, `first_deposit:<player>`, `deposit:<payment>`, `net_revenue:<player>:<day>`. */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', {
      enum: ['pixel', 'registration', 'first_deposit', 'deposit', 'net_revenue'],
    }).notNull(),
    playerId: uuid('player_id').notNull(),
    /** The query the call carries: the player's referral tags and the event's figures. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last refusal or network error, for the operator; never the service's secret. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('affiliate_calls_key_unique').on(table.idempotencyKey)],
);
