import type {
  DocumentKind,
  DocumentRejectionCode,
  PlayerDocument as PresentedDocument,
} from '@chrysos/contract';
import type { PlayerDocument } from './upload-document.ts';

/**
 * Why a document was rejected, as the player reads it. A row rejected before the KYC team's codes has
 * only its text: it is `other` with that text as the note, so nothing stored is lost.
 */
const rejectionOf = (
  document: PlayerDocument,
): Pick<PresentedDocument, 'rejection_code' | 'rejection_note'> =>
  document.status !== 'rejected'
    ? { rejection_code: null, rejection_note: null }
    : {
        rejection_code: (document.rejectionCode as DocumentRejectionCode | null) ?? 'other',
        rejection_note: document.rejectionReason,
      };

/** A document as its player's API shows it (the operator's adds whose it is and who decided). */
export const presentDocument = (document: PlayerDocument): PresentedDocument => ({
  id: document.id,
  kind: document.kind as DocumentKind,
  status: document.status as PresentedDocument['status'],
  ...rejectionOf(document),
  file_name: document.fileName,
  content_type: document.contentType,
  size: document.size,
  pages: document.pages,
  created_at: document.createdAt.toISOString(),
  reviewed_at: document.reviewedAt?.toISOString() ?? null,
});
