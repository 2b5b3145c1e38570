import { bigint, bigserial, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Domain events (docs/decisions/0013-domain-events-and-bet-time-effects.md). Money movements need no
 * table of their own: their events are read from ledger_transactions, whose ids are the outbox. The
 * rest (a registration, a sign-in, a withdrawal approved) is written here, in the same transaction as
 * the change it announces.
 */

/** The outbox of events that move no money: appended in the causing transaction, read in id order. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** `<capability>.<what happened>`, e.g. `auth.player_registered`. */
  name: text('name').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How far each handler has read each stream (`ledger`, `events`): the id of the last row it has dealt
 * with. Written in the transaction that runs the handler, so a crash replays from here.
 */
export const eventHandlerPositions = pgTable(
  'event_handler_positions',
  {
    handler: text('handler').notNull(),
    stream: text('stream').notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.handler, table.stream] })],
);
