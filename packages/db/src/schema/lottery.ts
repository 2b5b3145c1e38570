import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from './info.ts';
import { players } from './player.ts';

/**
 * The weekly lottery's draws (content/{en,el}/lottery): one per week, its ticket sales open from the
 * previous draw to its own (Sunday 20:00 Athens time). The seed is generated when the week is created
 * and only its SHA-256 is shown until the draw, which reveals the seed; the winners follow from the seed
 * and the week's public ticket list (apps/server/src/modules/lottery/draw-winners.ts).
 */
export const lotteryDraws = pgTable('lottery_draws', {
  /** The week's Monday in Athens, `2026-11-23`. */
  id: text('id').primaryKey(),
  opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
  drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
  /** 32 random bytes, hex; secret until `drawnAt`. */
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  drawnAt: timestamp('drawn_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deposit as the lottery counted it: the one row per payment is what makes a deposit give its tickets
 * once, however often its event is delivered.
 */
export const lotteryDeposits = pgTable(
  'lottery_deposits',
  {
    paymentId: uuid('payment_id').primaryKey(),
    drawId: text('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The deposit in euro cents, by the lottery's rates: what the week's €20 steps count. */
    euroCents: bigint('euro_cents', { mode: 'number' }).notNull(),
    tickets: integer('tickets').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('lottery_deposits_player_idx').on(table.playerId, table.drawId)],
);

/** A ticket: numbered from 1 within its draw, in the order they were issued. */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    drawId: text('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    number: integer('number').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => lotteryDeposits.paymentId),
    /** The currency of the deposit that earned it: a cash prize on it is paid in this currency. */
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.drawId, table.number] }),
    index('lottery_tickets_player_idx').on(table.playerId, table.drawId),
  ],
);

/** A draw's winners by place (1 to 10); one player wins once per draw. */
export const lotteryWinners = pgTable(
  'lottery_winners',
  {
    drawId: text('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    place: integer('place').notNull(),
    ticketNumber: integer('ticket_number').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['cash', 'freespins'] }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** The cash prize in the currency's minor units; the free spins' count. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.drawId, table.place] }),
    uniqueIndex('lottery_winners_one_per_player').on(table.drawId, table.playerId),
    check('lottery_winners_place', sql`${table.place} between 1 and 10`),
  ],
);
