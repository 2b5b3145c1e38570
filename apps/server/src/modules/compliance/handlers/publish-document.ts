import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { defineHandler } from '../../../platform/events.ts';
import { presentDocument } from '../present-document.ts';

/**
 * An operator's decision on a document is published on the player's `documents_changes` channel as the
 * document now stands (with the rejection's code and note), so the verification page shows it without
 * a reload.
 */
export const publishDocument = defineHandler({
  name: 'compliance.publish-document',
  follows: ['compliance.document_reviewed'],
  handle: (app) => async (event, context) => {
    const { playerId, documentId } = event.payload;
    await app.realtime.publishCurrentToPlayer(
      context,
      'documents_changes',
      playerId,
      async (db) => {
        const [document] = await db
          .select()
          .from(schema.playerDocuments)
          .where(eq(schema.playerDocuments.id, documentId));
        return document ? presentDocument(document) : undefined;
      },
      `${event.id}:document`,
    );
  },
});
