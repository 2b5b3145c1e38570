import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { players } from './player.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/*
 * Identity verification (issue 17, docs/decisions/0023-identity-documents.md): the documents a player
 * uploads for an operator to review. kind: identity | address | payment_method; status: pending →
 * approved | rejected (with the reason the player reads). The bytes live apart, in player_document_files,
 * so a listing never reads them; PostgreSQL serves them to every instance alike.
 */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    /**
     * Why an operator rejected it, from the KYC team's fixed list (issue 38): blurred | expired | cropped
     * | name_mismatch | address_too_old | wrong_document | unreadable_file | other. The player reads its
     * sentence in their language. Null on rows rejected before the list: their text is shown as `other`.
     */
    rejectionCode: text('rejection_code'),
    /** The operator's note to the player (required with `other`); before the list, the whole reason. */
    rejectionReason: text('rejection_reason'),
    /** The name the player's file had, for them to recognise it (never used to serve it). */
    fileName: text('file_name').notNull(),
    /** The type sniffed from the bytes: image/jpeg, image/png, image/webp or application/pdf. */
    contentType: text('content_type').notNull(),
    /** Bytes stored (after re-encoding an image). */
    size: integer('size').notNull(),
    /** Pages of a PDF; null for an image. */
    pages: integer('pages'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Who reviewed it: `operator` for the operator API's token. */
    reviewedBy: text('reviewed_by'),
  },
  (table) => [
    index('player_documents_player_idx').on(table.playerId, table.createdAt),
    index('player_documents_status_idx').on(table.status, table.createdAt),
    check('player_documents_kind', sql`${table.kind} in ('identity', 'address', 'payment_method')`),
    check('player_documents_status', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check(
      'player_documents_rejection_code',
      sql`${table.rejectionCode} in ('blurred', 'expired', 'cropped', 'name_mismatch', 'address_too_old', 'wrong_document', 'unreadable_file', 'other')`,
    ),
  ],
);

/** The stored bytes of a document, one row per document. */
export const playerDocumentFiles = pgTable('player_document_files', {
  documentId: uuid('document_id')
    .primaryKey()
    .references(() => playerDocuments.id, { onDelete: 'cascade' }),
  content: bytea('content').notNull(),
});
