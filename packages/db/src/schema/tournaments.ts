import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from './info.ts';
import { players } from './player.ts';

/** A place range of a tournament's prize table and its share of the pool (per cent, split equally in it). */
export interface TournamentPrizeShare {
  from: number;
  to: number;
  percent: number;
}

/**
 * A tournament's terms (content/{en,el}/tournamentsCollection describes it; its frontendIdentifier is the
 * id): when it runs, what scores and how, who may take part, and the prize pool per currency. Its state
 * (upcoming, active, finished, archived) follows from the product clock; `finishedAt` is when the end job
 * froze the board and paid the prizes (apps/server/src/modules/tournaments/finish-tournaments.ts).
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: text('id').primaryKey(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** stake: a point per €1 of real-money stake; multiplier: a point per 1x a win paid; net_win: per €1 won over the stake. */
    pointsRule: text('points_rule', { enum: ['stake', 'multiplier', 'net_win'] }).notNull(),
    /** The qualifying games' urlIds (`games.seo_title`), as gamesCollection names them. */
    games: text('games').array().notNull(),
    /** The smallest real-money stake that scores, per currency (minor units); a currency missing scores from 1. */
    minBet: jsonb('min_bet').$type<Record<string, number>>().notNull().default({}),
    /** Players must join (confirm) before their bets score; otherwise a first qualifying bet joins them. */
    optIn: boolean('opt_in').notNull().default(true),
    /** Only players in one of these groups / from these countries (ISO codes) may take part; null: anyone. */
    groups: text('groups').array(),
    countries: text('countries').array(),
    /** The prize pool per currency (minor units): a player is paid in the currency they joined with. */
    prizePool: jsonb('prize_pool').$type<Record<string, number>>().notNull(),
    prizeShares: jsonb('prize_shares').$type<TournamentPrizeShare[]>().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('tournaments_end_after_start', sql`${table.endAt} > ${table.startAt}`)],
);

/**
 * A player in a tournament and their score, in hundredths of a point. `reached` is the ledger id of the
 * last movement that counted: of two equal scores, the lower reached it first and ranks higher.
 * `place` and `prize` are written when the board is frozen.
 */
export const tournamentParticipants = pgTable(
  'tournament_participants',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    reached: bigint('reached', { mode: 'number' }).notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull(),
    place: integer('place'),
    prize: bigint('prize', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.playerId] }),
    index('tournament_participants_board_idx').on(
      table.tournamentId,
      table.points.desc(),
      table.reached.asc(),
    ),
    index('tournament_participants_player_idx').on(table.playerId),
  ],
);

/**
 * What one ledger movement scored in a tournament: the row is what makes it count once, and what a
 * rollback of its bet (`betKey`) takes back.
 */
export const tournamentPoints = pgTable(
  'tournament_points',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    betKey: text('bet_key').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    points: bigint('points', { mode: 'number' }).notNull(),
    rolledBack: boolean('rolled_back').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.tournamentId, table.transactionId] }),
    index('tournament_points_bet_idx').on(table.betKey),
  ],
);
