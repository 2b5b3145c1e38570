import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { ledgerAccounts } from './wallet.ts';

/**
 * The progressive jackpot's tiers per currency (issue 18, jackpotPage; docs/decisions/0028). The bet's
 * booking (ledger_try_book) reads this table to add the contribution legs: `share_bp` hundredths of a
 * percent of the real money a slot bet stakes go to `account_id` (a system account of kind
 * `jackpot_<tier>`). A currency without rows here has no jackpot, and its bets contribute nothing.
 */
export const jackpotTiers = pgTable(
  'jackpot_tiers',
  {
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    tier: text('tier', { enum: ['mini', 'major', 'grand'] }).notNull(),
    /** Display order: Mini, Major, Grand. */
    position: integer('position').notNull(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    /** Of every real-money slot stake, in hundredths of a percent (50 = 0.5 %). */
    shareBp: integer('share_bp').notNull(),
    /** Where each cycle starts, paid from the operator's seed pool. */
    seedCents: bigint('seed_cents', { mode: 'number' }).notNull(),
    /** The must-drop amount: each cycle's drop point lies above the seed and at most this. */
    mustDropCents: bigint('must_drop_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.currency, table.tier] }),
    check('jackpot_tiers_range', sql`${table.mustDropCents} > ${table.seedCents} and ${table.seedCents} > 0`),
  ],
);

/**
 * One run of a tier from its seed to its drop. The drop point is derived from `server_seed`, whose
 * SHA-256 (`seed_hash`) is public from the cycle's start; the seed itself is shown once the cycle is
 * won. `contributed_cents` counts the contributions of the bets after `after_transaction` (the ledger
 * id the cycle opened at), in ledger order: the bet that takes seed + contributions to the drop point
 * wins. `forced` marks a drop point set by the test configuration (JACKPOT_TEST_DROP), never in play.
 */
export const jackpotCycles = pgTable(
  'jackpot_cycles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency').notNull(),
    tier: text('tier', { enum: ['mini', 'major', 'grand'] }).notNull(),
    number: integer('number').notNull(),
    seedCents: bigint('seed_cents', { mode: 'number' }).notNull(),
    mustDropCents: bigint('must_drop_cents', { mode: 'number' }).notNull(),
    serverSeed: text('server_seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    dropCents: bigint('drop_cents', { mode: 'number' }).notNull(),
    forced: boolean('forced').notNull().default(false),
    afterTransaction: bigint('after_transaction', { mode: 'number' }).notNull(),
    contributedCents: bigint('contributed_cents', { mode: 'number' }).notNull().default(0),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The bet that crossed the drop point (its ledger transaction), its player and game. */
    winningTransaction: bigint('winning_transaction', { mode: 'number' }),
    winnerId: uuid('winner_id').references(() => players.id, { onDelete: 'set null' }),
    gameCode: text('game_code'),
    wonCents: bigint('won_cents', { mode: 'number' }),
    /** The payout's ledger transaction (jackpot tier → the winner's real balance). */
    payoutTransaction: bigint('payout_transaction', { mode: 'number' }),
    wonAt: timestamp('won_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jackpot_cycles_number_unique').on(table.currency, table.tier, table.number),
    uniqueIndex('jackpot_cycles_one_open').on(table.currency, table.tier).where(sql`${table.wonAt} is null`),
  ],
);
