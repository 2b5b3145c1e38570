import {
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Analytics events (spec §3 event kinds, §7 Analytics), from the browser through the product's
 * Segment-compatible ingest, from back-end clients with the server write key, and from the platform's
 * own domain events (apps/server/src/modules/analytics). The table is partitioned by month of
 * `received_at` (migration 0044; a job keeps the next months' partitions ready), so a month's events
 * are dropped or archived as one partition.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The sender's id of the event: a retry of a batch sends it again and it is stored once. */
    messageId: text('message_id').notNull(),
    /** Which source sent it: `web` (the browser's write key), `server` (a back-end client), `platform`. */
    source: text('source').notNull(),
    /** track, page, screen, identify, group or alias. */
    type: text('type').notNull(),
    /** A track's event name, or a page's or screen's name. */
    name: text('name'),
    userId: text('user_id'),
    anonymousId: text('anonymous_id'),
    /** When it happened, as the sender said (`timestamp`), else when it was received. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** A track's or page's properties; an identify's or group's traits; alias's previousId; group's groupId. */
    properties: jsonb('properties').notNull(),
    /** The sender's context (page, user agent, campaign, library), as sent. */
    context: jsonb('context').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.receivedAt, table.messageId] }),
    index('analytics_events_name_time').on(table.name, table.occurredAt),
    index('analytics_events_user_time').on(table.userId, table.occurredAt),
  ],
);

/**
 * Each message id a source sent, once: what makes a re-sent batch store nothing twice. A partitioned
 * table cannot hold a unique key without its partition column, so the ids live here; ids older than
 * the retention the ingest names are pruned (a browser's persisted queue re-sends within days).
 */
export const analyticsMessageIds = pgTable(
  'analytics_message_ids',
  {
    source: text('source').notNull(),
    messageId: text('message_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.messageId] }),
    index('analytics_message_ids_received').on(table.receivedAt),
  ],
);

/**
 * What `POST /v2/collect-stats` and `/v2/collect-stats/many` receive (spec §7 core API): a client's
 * named measurement with its tags, stored as sent once validated, for the operator's reports.
 */
export const collectedStats = pgTable(
  'collected_stats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    /** The signed-in player who sent it, if any. */
    playerId: uuid('player_id'),
  },
  (table) => [index('collected_stats_name_time').on(table.name, table.receivedAt)],
);
