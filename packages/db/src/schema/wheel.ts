import { date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { payments } from './cashier.ts';
import { currencies } from './info.ts';
import { players } from './player.ts';

/**
 * The fortune wheel (content/{en,el}/wheelOfFortune): a player's spin of an Athens day. A qualifying
 * deposit that day (WHEEL20, at least €20 or the equivalent) creates the day's row, with the server
 * seed drawn then and only its SHA-256 shown until the spin; the spin fills in the client seed, the
 * sector and the prize (apps/server/src/modules/wheel). One row per player and day is the "once a day";
 * one row per payment is the "exactly once" of a deposit event delivered twice.
 */
export const wheelSpins = pgTable(
  'wheel_spins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The Athens calendar day of the qualifying deposit, `2026-11-24`: the day the spin may be used. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The deposit that earned it. */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** The deposit's currency: bonus prizes are granted in it. */
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** The player's spin number (1 for their first): the draw's nonce. */
    nonce: integer('nonce').notNull(),
    /** 32 random bytes, hex; secret until `spunAt`. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    /** The sector landed on, 0-based as the content lists them. */
    sector: integer('sector'),
    /** What it paid: `{ kind, amount_cents?, currency?, spins?, points? }`. */
    prize: jsonb('prize'),
    /** The Idempotency-Key of the request that spun it: the same request again answers the same spin. */
    idempotencyKey: text('idempotency_key'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    spunAt: timestamp('spun_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('wheel_spins_player_day_unique').on(table.playerId, table.day),
    uniqueIndex('wheel_spins_payment_unique').on(table.paymentId),
  ],
);
