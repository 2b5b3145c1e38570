import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Fingerprint of the source file, so unchanged items are not rewritten on every start. */
    checksum: text('checksum').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collection, table.locale, table.stem] })],
);
