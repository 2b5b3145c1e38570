import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * A/B tests (spec §7 `GET /v2/ab/{testId}`, the content's `ab` visibility rule): an operator's
 * experiment with its variations, each a path and a weight. `coverage` is the share of subjects
 * included at all; a draft or stopped experiment assigns no one.
 */
export const experiments = pgTable('experiments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['draft', 'running', 'stopped'] }).notNull(),
  /** `[{ key: 'control', path: '/a', weight: 0.5 }, …]`: the first is the control; weights sum to 1. */
  variations: jsonb('variations').notNull(),
  coverage: real('coverage').notNull(),
  /** The hashing seed: the same subject hashes to the same bucket on every instance. */
  seed: text('seed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A subject's variation of an experiment, stored at its first exposure: sticky, so a change of weights
 * moves no one already assigned. The row's insert is the exposure, recorded once as an analytics event.
 */
export const experimentAssignments = pgTable(
  'experiment_assignments',
  {
    experimentId: text('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    /** The player's id, or the visitor's anonymous id. */
    subject: text('subject').notNull(),
    /** The index of the variation in `experiments.variations`. */
    variation: integer('variation').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.experimentId, table.subject] })],
);

/**
 * Bumped by a statement trigger on any write to experiments (sql/functions/experiments_changed.sql),
 * whoever makes it: each server process keeps the running experiments in memory and reads this to know
 * they, and the anonymous pages rendered with them, are stale.
 */
export const experimentsVersion = pgTable(
  'experiments_version',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('experiments_version_singleton', sql`${table.singleton}`)],
);
