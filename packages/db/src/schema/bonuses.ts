import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
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

/**
 * Bonus campaigns: what an operator offers (deposit match, no-deposit bonus, free spins, lootbox), to
 * whom and on what terms. The terms are one JSON document checked by the bonuses module's schema
 * (apps/server/src/modules/bonuses/terms.ts), so a new kind of rule is a new field, not a migration.
 */
export const bonusCampaigns = pgTable(
  'bonus_campaigns',
  {
    /** A slug: `welcome-package`, also the promotion page's slug where there is one. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['deposit', 'no_deposit', 'freespins', 'lootbox'] }).notNull(),
    /** The code a player types (cashier, coupon form); upper case. */
    code: text('code'),
    /** `{ en, el }`. */
    title: jsonb('title').$type<{ en: string; el: string }>().notNull(),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
    active: boolean('active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bonus_campaigns_code_unique').on(sql`upper(${table.code})`)],
);

/**
 * A player's bonus (spec §3, §4): issued → activated → (handle_bets →) wagered, or canceled, expired,
 * lost, forfeited. At most one runs (activated or handle_bets) per player and currency: the player's
 * bonus balance in that currency is its money (docs/decisions/0021). Its money moves only by ledger
 * bookings keyed by the bonus id (activation, conversion, removal).
 */
export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    kind: text('kind', {
      enum: ['deposit', 'no_deposit', 'freespin_winnings', 'lootbox', 'coupon'],
    }).notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    stage: text('stage').notNull().default('issued'),
    /** Bonus money granted, minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The deposit it matched, when wagering counts bonus + deposit. */
    depositAmount: bigint('deposit_amount', { mode: 'number' }).notNull().default(0),
    wageringRequired: bigint('wagering_required', { mode: 'number' }).notNull(),
    wageringDone: bigint('wagering_done', { mode: 'number' }).notNull().default(0),
    /** Largest stake per round while it runs; read by ledger_try_book at bet time. */
    maxBet: bigint('max_bet', { mode: 'number' }),
    /** `{ categories: { slots: 100, … }, games: { … }, other: 10 }` percent. */
    contributions: jsonb('contributions')
      .$type<{ categories: Record<string, number>; games: Record<string, number>; other: number }>()
      .notNull(),
    wagerDays: integer('wager_days').notNull(),
    /** What the winnings can convert to at most (free-spin winnings), minor units. */
    conversionCap: bigint('conversion_cap', { mode: 'number' }),
    /** Why it was granted, unique per campaign and player: `deposit:<payment>`, `coupon`, `lootbox:<id>`… */
    source: text('source').notNull(),
    /** The ledger transaction that put its money on the bonus balance: bets after it count. */
    activationTransaction: bigint('activation_transaction', { mode: 'number' }),
    /** When an issued bonus lapses unclaimed, or a running one expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_bonuses_source_unique').on(table.campaignId, table.playerId, table.source),
    // The one running bonus per player and currency; also how a bet finds its max bet.
    uniqueIndex('player_bonuses_one_running')
      .on(table.playerId, table.currency)
      .where(sql`${table.stage} in ('activated', 'handle_bets')`),
    index('player_bonuses_player_idx').on(table.playerId, table.createdAt),
    index('player_bonuses_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.stage} in ('issued', 'activated', 'handle_bets')`),
  ],
);

/**
 * Free spins on one game (spec §3): `count` spins worth `value` each, played as `is_free` bets; their
 * winnings are bonus money and become a bonus under `wagering` once the spins are over. Batches of a
 * schedule are rows with a later `available_at`.
 */
export const playerFreespins = pgTable(
  'player_freespins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** The lobby identifier (`chrysos-originals:golden-drachma`) and the studio's game code. */
    gameIdentifier: text('game_identifier').notNull(),
    gameCode: text('game_code').notNull(),
    stage: text('stage').notNull().default('issued'),
    count: integer('count').notNull(),
    played: integer('played').notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    /** `{ multiplier, days, cap }`: the bonus its winnings become. */
    wagering: jsonb('wagering').$type<{ multiplier: number; days: number; cap: number | null }>().notNull(),
    source: text('source').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the player was told the spins are there (a batch that became available later). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_freespins_source_unique').on(table.campaignId, table.playerId, table.source),
    index('player_freespins_player_idx').on(table.playerId, table.createdAt),
  ],
);

/** A lootbox (spec §3): a provably fair draw from its campaign's prize table, opened once. */
export const playerLootboxes = pgTable(
  'player_lootboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    stage: text('stage').notNull().default('issued'),
    /** Hex; shown only once opened. Its SHA-256 is shown before. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed'),
    prize: jsonb('prize').$type<Record<string, unknown>>(),
    source: text('source').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('player_lootboxes_source_unique').on(table.campaignId, table.playerId, table.source),
    index('player_lootboxes_player_idx').on(table.playerId, table.createdAt),
  ],
);

/** A coupon code's redemptions: once per player, and at most the campaign's total. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => bonusCampaigns.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.playerId] })],
);
