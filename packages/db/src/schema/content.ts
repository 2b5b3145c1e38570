import { sql } from 'drizzle-orm';
import { bigint, boolean, check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Content collections loaded from the files under content/{en,el}/ at start-up. The files are the
 * source of truth: a start replaces what changed and removes items whose file is gone.
 */
export const contentItems = pgTable(
  'content_items',
  {
    collection: text('collection').notNull(),
    locale: text('locale').notNull(),
    stem: text('stem').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    bodyHtml: text('body_html'),
    /** Fingerprint of the source file, so unchanged items are not rewritten on every deploy. */
    checksum: text('checksum').notNull(),
    /**
     * `seed`: written from the content files by the deploy step, which keeps it equal to its file (and
     * removes it with its file); `operator`: added or edited by an operator, which no seed ever touches.
     */
    origin: text('origin', { enum: ['seed', 'operator'] })
      .notNull()
      .default('seed'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collection, table.locale, table.stem] })],
);

/**
 * Bumped by a statement trigger on any write to content_items (sql/functions/content_items_changed.sql),
 * whoever makes it: each server process reads it to know its in-memory snapshot of the content, and the
 * pages it rendered from it, are stale.
 */
export const contentItemsVersion = pgTable(
  'content_items_version',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('content_items_version_singleton', sql`${table.singleton}`)],
);
