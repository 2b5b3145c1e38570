import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/*
 * The risk module's tables (issue 38): the cases its watch raises, what operators did about players,
 * and the module's own tally of the deposits and play it watches, kept from the cashier's and the
 * wallet's events so that it never reads their tables.
 */

/** A case the watch raised for an operator: AML, safer gambling or a big win to check. */
export const riskCases = pgTable(
  'risk_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    category: text('category', { enum: ['aml', 'safer_gambling', 'payments'] }).notNull(),
    status: text('status', { enum: ['open', 'investigating', 'resolved'] })
      .notNull()
      .default('open'),
    /** The figures that raised it. */
    facts: jsonb('facts').$type<Record<string, number | string | string[]>>().notNull(),
    /** The operator who owns it (the operators module's id). */
    ownerId: uuid('owner_id'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['no_action', 'intervened', 'reported'] }),
    resolutionNote: text('resolution_note'),
    /** `operator:<id>` of who resolved it. */
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    // One unresolved case per player and kind: the watch adds to it instead of raising another.
    uniqueIndex('risk_cases_unresolved_kind')
      .on(table.playerId, table.kind)
      .where(sql`${table.status} <> 'resolved'`),
    index('risk_cases_unresolved_due').on(table.dueAt).where(sql`${table.status} <> 'resolved'`),
    index('risk_cases_player').on(table.playerId, table.openedAt),
  ],
);

/** What an operator did about a player, on a case or on its own; never edited. */
export const riskInterventions = pgTable(
  'risk_interventions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    caseId: uuid('case_id').references(() => riskCases.id),
    kind: text('kind').notNull(),
    note: text('note').notNull(),
    /** `operator:<id>`. */
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('risk_interventions_player').on(table.playerId, table.recordedAt),
    index('risk_interventions_case').on(table.caseId),
  ],
);

/** Each succeeded deposit as the watch counts it: in euro cents (none without a rate) and by method. */
export const riskDeposits = pgTable(
  'risk_deposits',
  {
    paymentId: uuid('payment_id').primaryKey(),
    playerId: uuid('player_id').notNull(),
    euroCents: bigint('euro_cents', { mode: 'number' }),
    method: text('method').notNull(),
    depositedAt: timestamp('deposited_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('risk_deposits_player').on(table.playerId, table.depositedAt)],
);

/** A player's current run of play and the recent nights they played, as the watch follows their bets. */
export const riskPlay = pgTable('risk_play', {
  playerId: uuid('player_id').primaryKey(),
  /** The first bet of the run: a run ends after a break of RISK_SESSION_BREAK_MINUTES. */
  runStartedAt: timestamp('run_started_at', { withTimezone: true }).notNull(),
  lastBetAt: timestamp('last_bet_at', { withTimezone: true }).notNull(),
  /** Nights (the date the night began, in RISK_TIME_ZONE) with play in the small hours, the last week's. */
  nights: date('nights', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
});
