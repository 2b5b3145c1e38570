import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email the product sends. With SMTP configured a row is marked sent once the server took it;
 * without, the table is the outbox the development mailbox page reads.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    /**
     * The instance sending it now, and until when: a claim taken with one conditional update, so
     * two instances never send one email twice; one that lapses (a crash mid-send) is taken again.
     */
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [index('emails_created_idx').on(table.createdAt)],
);
