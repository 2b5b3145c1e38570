import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/**
 * Wins as the winners lists show them (spec §7 GET /stats/winners/top and /latest): a game win of at
 * least WINNERS_MIN_CENTS or any jackpot, one row per ledger transaction, with the name already masked.
 * `euro_cents` ranks wins in different currencies together.
 */
export const winners = pgTable(
  'winners',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    euroCents: bigint('euro_cents', { mode: 'number' }).notNull(),
    gameCode: text('game_code'),
    /** The jackpot tier for a jackpot win. */
    jackpot: text('jackpot'),
    wonAt: timestamp('won_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('winners_won_at_idx').on(table.wonAt),
    index('winners_top_idx').on(table.euroCents, table.wonAt),
  ],
);
