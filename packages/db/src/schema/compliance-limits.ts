import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/**
 * Players' own limits (issue 17, decision 22): deposit, loss and wager limits per rolling day, week or
 * month in one currency, and a session-time limit (minutes per sign-in session, currency null). A new or
 * lower limit applies at once; a raise or a removal waits 24 hours as `pending_amount` / `pending_removal`
 * until `effective_at`, and is applied by whoever reads the row after that (no job needed).
 * ledger_try_book reads the loss and wager limits of a bet's player and currency inside the booking.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Null for a session limit, which holds in every currency. */
    currency: text('currency'),
    kind: text('kind', { enum: ['deposit', 'loss', 'wager', 'session'] }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month', 'session'] }).notNull(),
    /** Minor units of the currency; minutes for a session limit. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** A raise waiting for effective_at. */
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    /** A removal waiting for effective_at. */
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('player_limits_one_per_kind')
      .on(table.playerId, table.kind, table.period, table.currency)
      .nullsNotDistinct(),
    index('player_limits_player_idx').on(table.playerId, table.currency),
    check('player_limits_amount_positive', sql`${table.amount} > 0`),
  ],
);
