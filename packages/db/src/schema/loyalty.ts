import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/**
 * Comp points (issue 18, content/loyalty): the movements of a player's points that are not play, in
 * millionths of a point so that a table game's 10 % of a slot's point per €10 stays exact (10 × €1 bets
 * make one point). The key makes each count once: `award:<caller's key>` for a prize,
 * `exchange:<player>:<idempotency key>` for an exchange. Points from play are not stored bet by bet (the
 * ledger holds the bets): they go to comp_point_days and the balance. Kind `play` stays allowed for the
 * rows written before that (`play:<ledger transaction>`).
 */
export const compPointEntries = pgTable(
  'comp_point_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull().unique('comp_point_entries_key_unique'),
    /** award (granted), exchange (spent: negative); play only in rows written before play went to the days alone. */
    kind: text('kind', { enum: ['play', 'award', 'exchange'] }).notNull(),
    microPoints: bigint('micro_points', { mode: 'number' }).notNull(),
    /** Why, for an award (`wheel`, `operator`…); the ledger transaction of an exchange. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comp_point_entries_player_idx').on(table.playerId, table.createdAt),
    check('comp_point_entries_kind', sql`${table.kind} in ('play', 'award', 'exchange')`),
  ],
);

/**
 * Points collected per player and day (play and awards, never exchanges): the level reads the last 12
 * months from at most 366 rows per player instead of every bet.
 */
export const compPointDays = pgTable(
  'comp_point_days',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    microPoints: bigint('micro_points', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.day] })],
);

/** A player's points to spend and the level they hold (kept in step with their groups). */
export const compPointBalances = pgTable('comp_point_balances', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  microPoints: bigint('micro_points', { mode: 'number' }).notNull().default(0),
  level: text('level').notNull().default('bronze'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Level benefits granted through the bonus engine, once per player, benefit and period (`2026-W48`,
 * `2026-11`, `2026` for a birthday): the scheduled job that grants them can run again safely.
 */
export const loyaltyBenefitGrants = pgTable(
  'loyalty_benefit_grants',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    benefit: text('benefit').notNull(),
    period: text('period').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.benefit, table.period] })],
);
