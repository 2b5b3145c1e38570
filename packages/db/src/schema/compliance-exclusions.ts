import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

/*
 * Time-outs and self-exclusions (issue 17): while one is in force the player cannot sign in, play or
 * receive promotions. A row is never deleted: ending it early is impossible, and lifting it after its
 * end is two steps a day apart (lift_requested_at, then lifted_at), the cooling-off regulators ask for.
 */
export const playerExclusions = pgTable(
  'player_exclusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** `timeout` (a break of 24 hours to six weeks) or `self_exclusion` (six months or longer). */
    kind: text('kind').notNull(),
    /** The period chosen, as offered: `24h`, `6w`, `6m`, `permanent` … */
    period: text('period').notNull(),
    /** Who set it: `player` or `operator`. */
    source: text('source').notNull(),
    /** An operator's note on why; null for the player's own. */
    reason: text('reason'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The player asked to lift it after its end: the cooling-off runs from here. */
    liftRequestedAt: timestamp('lift_requested_at', { withTimezone: true }),
    /** Confirmed after the cooling-off: promotions and play are open again. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (table) => [index('player_exclusions_player_idx').on(table.playerId, table.startsAt)],
);
