import type { DocumentRejectionCode } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from './audit-log.ts';
import type { PlayerDocument } from './upload-document.ts';

/**
 * An operator's decision on a document awaiting review: approved, or rejected with the reason the
 * player reads. A document is decided once; deciding it again is `compliance.document_reviewed`. The
 * decision and its audit record commit together.
 */
export async function reviewDocument(
  db: Db,
  decision: {
    documentId: string;
    status: 'approved' | 'rejected';
    /** With a rejection: the KYC team's code, and the operator's note to the player (always with `other`). */
    rejection?: { code: DocumentRejectionCode; note?: string };
    ip: string | null;
    /** The operator who decided, for the document and the audit trail. */
    actor: `operator:${string}`;
    /** The product's time of the decision. */
    now: Date;
  },
  /** Runs in the decision's transaction once it is made: the player's push is queued with it. */
  onDecided?: (tx: Db, document: PlayerDocument) => Promise<unknown>,
): Promise<PlayerDocument> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(schema.playerDocuments)
      .set({
        status: decision.status,
        rejectionCode: decision.status === 'rejected' ? (decision.rejection?.code ?? null) : null,
        rejectionReason: decision.status === 'rejected' ? (decision.rejection?.note ?? null) : null,
        reviewedAt: decision.now,
        reviewedBy: decision.actor,
      })
      .where(
        and(eq(schema.playerDocuments.id, decision.documentId), eq(schema.playerDocuments.status, 'pending')),
      )
      .returning();
    if (!changed) {
      const [exists] = await tx
        .select({ id: schema.playerDocuments.id })
        .from(schema.playerDocuments)
        .where(eq(schema.playerDocuments.id, decision.documentId));
      throw exists
        ? new AppError('compliance.document_reviewed', { field: 'status' })
        : new AppError('compliance.document_not_found', { field: 'document' });
    }
    await recordAudit(tx, {
      at: decision.now,
      actor: decision.actor,
      action: decision.status === 'approved' ? 'document.approved' : 'document.rejected',
      playerId: changed.playerId,
      details: {
        document: changed.id,
        kind: changed.kind,
        ...(decision.status === 'rejected'
          ? { code: decision.rejection?.code ?? null, note: decision.rejection?.note ?? null }
          : {}),
      },
      ip: decision.ip,
    });
    await onDecided?.(tx, changed);
    return changed;
  });
}
