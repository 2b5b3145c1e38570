import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/** Game providers (studio brands) whose titles the lobby lists; `slug` matches content/{en,el}/providers. */
export const gameProviders = pgTable('game_providers', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The game catalogue, imported from the studios' title feeds (upsert by identifier). The feed owns the
 * descriptive columns; availability (restrictions, devices, demo) and popularity belong to the casino
 * and are left alone by later imports. The lobby filters an in-memory copy (apps/server games module,
 * docs/decisions/0008), so the table carries no filter indexes.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** `<provider>:<game code>`, e.g. `chrysos-originals:golden-drachma`. */
    identifier: text('identifier').notNull(),
    /** The lobby's urlId (`/game/{seo_title}`). */
    seoTitle: text('seo_title').notNull(),
    provider: text('provider')
      .notNull()
      .references(() => gameProviders.slug),
    /** Wallet studio id (a key of WALLET_STUDIOS) and its code for the game in wallet calls and launch URLs. */
    studio: text('studio').notNull(),
    gameCode: text('game_code').notNull(),
    titleEn: text('title_en').notNull(),
    titleEl: text('title_el').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionEl: text('description_el').notNull().default(''),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Image path under apps/web/public, served resized through /_ipx. */
    thumbnail: text('thumbnail').notNull(),
    volatility: text('volatility', { enum: ['low', 'medium', 'high'] }).notNull(),
    rtp: numeric('rtp', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    lines: integer('lines'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    hasDemo: boolean('has_demo').notNull().default(true),
    devices: text('devices').array().notNull().default(sql`'{desktop,mobile}'::text[]`),
    /** Deny lists: a game is hidden from, and cannot be launched by, players in these countries or currencies. */
    restrictedCountries: text('restricted_countries').array().notNull().default(sql`'{}'::text[]`),
    restrictedCurrencies: text('restricted_currencies').array().notNull().default(sql`'{}'::text[]`),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** Higher is more popular: seeded from the feed order, meant to become rounds played in 30 days. */
    popularity: integer('popularity').notNull().default(0),
    /** In-house titles: the engine and maths variant, bet limits in whole currency units. */
    engine: text('engine'),
    variant: text('variant'),
    minBet: numeric('min_bet', { precision: 14, scale: 4, mode: 'number' }),
    maxBet: numeric('max_bet', { precision: 14, scale: 4, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_identifier_unique').on(table.identifier),
    uniqueIndex('games_seo_title_unique').on(table.seoTitle),
    index('games_provider_idx').on(table.provider),
    // The bet's booking asks whether its game is a slot (jackpot contribution, ledger_try_book).
    index('games_game_code_idx').on(table.gameCode),
    check('games_rtp_range', sql`${table.rtp} > 0 and ${table.rtp} <= 100`),
    check('games_volatility', sql`${table.volatility} in ('low', 'medium', 'high')`),
  ],
);

/**
 * One row counting changes to games and game_providers, bumped by statement triggers
 * (packages/db/sql/functions/games_catalogue_changed.sql) whoever writes — importer, operator or SQL
 * console — so every server process sees that its in-memory copy of the catalogue is stale with one
 * cheap read.
 */
export const gamesCatalogueVersion = pgTable(
  'games_catalogue_version',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('games_catalogue_version_singleton', sql`${table.singleton}`)],
);

/** A player's favourite games (spec §7 Favorites). */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] })],
);

/** Games a player launched for real money, newest first on the lobby's "recently played" row. */
export const recentGames = pgTable(
  'recent_games',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.gameId] }),
    index('recent_games_player_idx').on(table.playerId, table.lastPlayedAt.desc()),
  ],
);
