import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from './info.ts';
import { players } from './player.ts';

/** Owners of system accounts: the casino's side of every movement. Their balance is the sum of their entries. */
export const systemAccountKinds = [
  'house',
  'psp_clearing',
  'bonus_pool',
  'jackpot',
  'jackpot_mini',
  'jackpot_major',
  'jackpot_grand',
  'jackpot_seed',
  'lottery_pool',
  'loyalty_pool',
  'tournament_pool',
] as const;
/** A player's money per currency: withdrawable real money, bonus money, and withdrawals awaiting payout. */
export const playerAccountKinds = ['real', 'bonus', 'withdrawal_hold'] as const;

/**
 * Double-entry ledger accounts, one per owner, kind and currency. A player account keeps a running
 * balance that can never go below zero (the check is the last line of defence; updates are
 * conditional). System accounts keep none: every bet touches the house, and one hot row would
 * serialise all play — their balance is the sum of their entries instead.
 * Stored with fillfactor 70 (migration 0015): every booking rewrites a player's balance row, and the
 * free space lets PostgreSQL do it in place on the page (a HOT update) without touching the indexes.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id').references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * On a player's real account: the real money they have staked on slots in its currency, ever. The
     * booking adds each such bet's real part and books to each jackpot tier the whole cents its share of
     * this total reached since the bet before, so a small stake's fraction of a cent is carried to the
     * player's next bet, never lost or rounded up. Kept on the row every bet already locks and rewrites,
     * so the contribution adds no write of its own (decision 28).
     */
    jackpotStaked: bigint('jackpot_staked', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_unique').on(
      table.kind,
      table.currency,
      sql`coalesce(${table.playerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    // A player's balances in one currency are read after every booking.
    index('ledger_accounts_player_idx').on(table.playerId, table.currency),
    check(
      'ledger_accounts_player_balance_not_negative',
      sql`${table.playerId} is null or ${table.balance} >= 0`,
    ),
    check(
      'ledger_accounts_kind_matches_owner',
      sql`(${table.playerId} is null and ${table.kind} in ('house', 'psp_clearing', 'bonus_pool', 'jackpot', 'jackpot_mini', 'jackpot_major', 'jackpot_grand', 'jackpot_seed', 'lottery_pool', 'loyalty_pool', 'tournament_pool')) or (${table.playerId} is not null and ${table.kind} in ('real', 'bonus', 'withdrawal_hold'))`,
    ),
  ],
);

/** The currencies a player holds (spec §3 Account); exactly one is active once any exists. */
export const playerCurrencies = pgTable(
  'player_currencies',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.currency] }),
    uniqueIndex('player_currencies_one_active').on(table.playerId).where(sql`${table.active}`),
  ],
);

/**
 * One booked money movement. The idempotency key is unique: a replay finds the original row and
 * returns its stored result; the same key with another fingerprint (a different request) is refused.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request's meaningful fields. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    playerId: uuid('player_id').references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The idempotency key of the transaction this one answers: the bet of a win or rollback. */
    reference: text('reference'),
    round: text('round'),
    gameCode: text('game_code'),
    /** What the caller was told: replayed verbatim. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_key_unique').on(table.idempotencyKey),
    index('ledger_transactions_player_idx').on(table.playerId, table.id),
    // A bet is reversed at most once, whatever the rollback's own id. Also how a win finds that its
    // bet was rolled back.
    uniqueIndex('ledger_transactions_one_rollback')
      .on(table.reference)
      .where(sql`${table.kind} = 'rollback'`),
    // How a rollback finds that a win already answers its bet (then it is refused: ledger_try_book,
    // packages/db/sql/functions/ledger_try_book.sql). Wins only: no other lookup goes by reference.
    index('ledger_transactions_win_reference_idx').on(table.reference).where(sql`${table.kind} = 'win'`),
  ],
);

/** The legs of a transaction: their amounts sum to zero, per transaction and so over the whole ledger. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The player account's balance after this entry; null on system accounts. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);

/** A game launched for real money: its token authorises wallet calls for one player and currency. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    studio: text('studio').notNull(),
    gameCode: text('game_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('game_sessions_player_idx').on(table.playerId)],
);
