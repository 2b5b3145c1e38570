import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody, ruleIssue } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * Identity verification (issue 17, docs/decisions/0023-identity-documents.md):
 *
 *   GET  /player/documents                    the player's documents and what verification they still need
 *   POST /player/documents                    multipart/form-data: `kind` then `file` (JPEG, PNG, WebP or PDF)
 *   GET  /player/documents/:id/file           the stored file, to its owner only
 *   GET  /operator/documents?status=pending   operator: documents to review, oldest first
 *   GET  /operator/documents/:id/file         operator: a document's file
 *   POST /operator/documents/:id/approve      operator: approve
 *   POST /operator/documents/:id/reject       operator: reject with the reason the player reads
 */

const iso = z.iso.datetime({ offset: true });

export const documentKinds = ['identity', 'address', 'payment_method'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentStatuses = ['pending', 'approved', 'rejected'] as const;

/**
 * Why the KYC team rejects a document (issue 38): a fixed list, each with a sentence the player reads in
 * their language (the web app's catalogues), and the operator's note beside it; `other` needs the note.
 * `address_too_old` is a proof of address older than three months.
 */
export const documentRejectionCodes = [
  'blurred',
  'expired',
  'cropped',
  'name_mismatch',
  'address_too_old',
  'wrong_document',
  'unreadable_file',
  'other',
] as const;
export type DocumentRejectionCode = (typeof documentRejectionCodes)[number];

/** What a player or a browser may send: checked on the client first, the server decides. */
export const documentUploadRules = {
  maxBytes: 10 * 1024 * 1024,
  maxPdfPages: 10,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
} as const;

export const playerDocument = z
  .object({
    id: z.uuid(),
    kind: z.enum(documentKinds),
    status: z.enum(documentStatuses),
    /** Why an operator rejected it, for the player to act on; null unless rejected. */
    rejection_code: z.enum(documentRejectionCodes).nullable(),
    /** The operator's words to the player beside the code (always with `other`), as typed. */
    rejection_note: z.string().nullable(),
    /** The name the file had on the player's device. */
    file_name: z.string(),
    /** The type read from the file's bytes. */
    content_type: z.string(),
    /** Bytes stored (an image after its metadata was removed). */
    size: z.number().int(),
    /** A PDF's pages; null for an image. */
    pages: z.number().int().nullable(),
    created_at: iso,
    reviewed_at: iso.nullable(),
  })
  .meta({ id: 'PlayerDocument' });
export type PlayerDocument = z.infer<typeof playerDocument>;

export const verificationStatus = z
  .object({
    /** Spec §3 `verified`: an approved identity document and an approved proof of address. */
    verified: z.boolean(),
    /** Of identity and address, the kinds with no approved document yet. */
    missing: z.array(z.enum(documentKinds)),
    /**
     * Per account currency: a withdrawal of this amount (minor units) or more needs the player verified.
     * Currencies without a known euro value have none.
     */
    withdrawal_thresholds: z.array(z.object({ currency: z.string(), amount_cents: z.number().int() })),
    /** Deposits of the licence's window (AML): once they would reach the threshold, verification first. */
    deposits: z.object({
      total_euro_cents: z.number().int(),
      threshold_euro_cents: z.number().int(),
      days: z.number().int(),
      /** True while unverified deposits have reached the threshold: a next deposit is refused. */
      blocked: z.boolean(),
    }),
    documents: z.array(playerDocument),
  })
  .meta({ id: 'VerificationStatus' });
export type VerificationStatus = z.infer<typeof verificationStatus>;

const documentId = z.object({ id: z.uuid('expected a document id') });

/** A rejection: the code, and the operator's note to the player, which `other` cannot do without. */
const rejection = z
  .object({
    code: z.enum(documentRejectionCodes),
    note: z.string().trim().min(3).max(300).check(oneLine).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.code === 'other' && body.note === undefined) {
      ctx.addIssue({ ...ruleIssue({ key: 'required' }), path: ['note'] });
    }
  });

export const verificationApi = {
  documents: endpoint({
    method: 'GET',
    path: '/player/documents',
    tags: ['compliance'],
    summary: "The player's documents, newest first, and what verification still needs and why",
    responses: { 200: verificationStatus, 401: errorBody },
  }),
  /**
   * multipart/form-data with a `kind` field before the `file` part; answered with the stored document.
   * Not callable through the JSON client: browsers post a FormData to its URL.
   */
  upload: endpoint({
    method: 'POST',
    path: '/player/documents',
    tags: ['compliance'],
    summary:
      'Upload a document (multipart: kind, file): JPEG, PNG, WebP or PDF of at most 10 MB and 10 pages; images are stored without their metadata',
    responses: {
      201: playerDocument,
      401: errorBody,
      413: errorBody,
      415: errorBody,
      422: errorBody,
      429: errorBody,
    },
  }),
  /** Answered with the file's bytes (private, no-store), not JSON: a link to open, not a call to read. */
  file: endpoint({
    method: 'GET',
    path: '/player/documents/:id/file',
    tags: ['compliance'],
    summary: 'A document the player uploaded, as stored',
    params: documentId,
    responses: {
      200: z.string().meta({ description: 'the file: image/jpeg, image/png, image/webp or application/pdf' }),
      401: errorBody,
      404: errorBody,
    },
  }),
};

export const operatorDocument = playerDocument
  .extend({ player_id: z.uuid(), reviewed_by: z.string().nullable() })
  .meta({ id: 'OperatorDocument' });
export type OperatorDocument = z.infer<typeof operatorDocument>;

/** The operator API's part (bearer OPERATOR_API_TOKEN): the review of documents. */
export const verificationOperatorApi = {
  documents: endpoint({
    method: 'GET',
    path: '/operator/documents',
    ability: ['read', 'Document'],
    tags: ['operator'],
    summary: 'Documents in a status (pending by default), oldest first, at most 200',
    query: z.object({ status: z.enum(documentStatuses).default('pending') }),
    responses: { 200: z.array(operatorDocument), 401: errorBody, 422: errorBody },
  }),
  file: endpoint({
    method: 'GET',
    path: '/operator/documents/:id/file',
    ability: ['read', 'Document'],
    tags: ['operator'],
    summary: "A player's document, as stored",
    params: documentId,
    responses: { 200: z.string(), 401: errorBody, 404: errorBody },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/operator/documents/:id/approve',
    ability: ['approve', 'Document'],
    tags: ['operator'],
    summary: 'Approve a pending document',
    params: documentId,
    responses: { 200: operatorDocument, 401: errorBody, 404: errorBody, 409: errorBody },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/operator/documents/:id/reject',
    ability: ['approve', 'Document'],
    tags: ['operator'],
    summary:
      "Reject a pending document with a reason code the player reads in their language, and an optional note (required with 'other')",
    params: documentId,
    body: rejection,
    responses: { 200: operatorDocument, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
  }),
};
