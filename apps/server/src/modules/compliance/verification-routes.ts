import {
  documentKinds,
  type OperatorDocument,
  verificationApi,
  verificationOperatorApi,
} from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { type Db, schema } from '@chrysos/db';
import multipart from '@fastify/multipart';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { operatorActor, operatorOf, recorded } from '../../platform/operator-api.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { queuePlayerPush } from '../notifications/public.ts';
import { verificationFacts } from './check-verification.ts';
import { presentDocument } from './present-document.ts';
import { reviewDocument } from './review-document.ts';
import { documentReviewedPush } from './review-push.ts';
import {
  type DocumentKind,
  documentMaxBytes,
  extensionOf,
  type PlayerDocument,
  uploadDocument,
} from './upload-document.ts';

const presentForOperator = (document: PlayerDocument): OperatorDocument => ({
  ...presentDocument(document),
  player_id: document.playerId,
  reviewed_by: document.reviewedBy,
});

/** The stored bytes of a document, if it exists (and is the player's, when a player asks). */
async function documentFile(db: Db, id: string, playerId?: string) {
  const [found] = await db
    .select({
      id: schema.playerDocuments.id,
      kind: schema.playerDocuments.kind,
      contentType: schema.playerDocuments.contentType,
      content: schema.playerDocumentFiles.content,
    })
    .from(schema.playerDocuments)
    .innerJoin(
      schema.playerDocumentFiles,
      eq(schema.playerDocumentFiles.documentId, schema.playerDocuments.id),
    )
    .where(
      and(
        eq(schema.playerDocuments.id, id),
        playerId ? eq(schema.playerDocuments.playerId, playerId) : undefined,
      ),
    );
  // Another player's document is answered as missing: ids cannot be probed.
  if (!found) throw new AppError('compliance.document_not_found', { field: 'document' });
  return found;
}

/**
 * The file as stored, never cached, never sniffed into another type by a browser. A PDF is stored as
 * sent and may carry JavaScript (`/OpenAction … /JS`): it is a download, not a page of the site, and
 * opened anyway it runs in a sandbox with no origin, scripts or forms (issue 31 item 5).
 */
function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof documentFile>>) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    )
    .header(
      'content-disposition',
      `attachment; filename="${file.kind}-${file.id}.${extensionOf(file.contentType)}"`,
    )
    .send(Buffer.from(file.content));
}

/** Reads the multipart upload: a `kind` field and one `file` part, refused past the size limit. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('request.unsupported_media_type', { field: 'body' });
  let kind: string | undefined;
  let file: { bytes: Buffer; name: string | undefined } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind') kind = String(part.value);
      } else if (part.fieldname === 'file' && !file) {
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else {
        await part.toBuffer();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('compliance.document_too_large', {
        field: 'file',
        params: { megabytes: documentMaxBytes / 1024 / 1024 },
        cause: error,
      });
    }
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw new AppError('compliance.document_unreadable', { field: 'file', cause: error });
    }
    throw error;
  }
  if (!kind) throw new AppError('validation.required', { field: 'kind' });
  if (!(documentKinds as readonly string[]).includes(kind)) {
    throw new AppError('validation.invalid', { field: 'kind' });
  }
  if (!file) throw new AppError('validation.required', { field: 'file' });
  return { kind: kind as DocumentKind, ...file };
}

/** The player's documents: their list with what verification needs, the upload, their files. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: documentMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });

  app.route({
    ...routeOf(verificationApi.documents),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      reply.header('cache-control', 'private, no-store');
      const facts = await verificationFacts(
        db,
        playerId,
        app.config.LICENSE,
        app.clock.now(),
        app.paymentFacts.depositsSince,
      );
      const documents = await db
        .select()
        .from(schema.playerDocuments)
        .where(eq(schema.playerDocuments.playerId, playerId))
        .orderBy(desc(schema.playerDocuments.createdAt));
      return {
        verified: facts.verified,
        missing: facts.missing,
        withdrawal_thresholds: facts.withdrawalThresholds.map(({ currency, amount }) => ({
          currency,
          amount_cents: amount,
        })),
        deposits: {
          total_euro_cents: facts.deposits.totalEuroCents,
          threshold_euro_cents: facts.deposits.thresholdEuroCents,
          days: facts.deposits.days,
          blocked: !facts.verified && facts.deposits.totalEuroCents >= facts.deposits.thresholdEuroCents,
        },
        documents: documents.map(presentDocument),
      };
    },
  });

  app.route({
    ...routeOf(verificationApi.upload, { rateLimit: limitOf('documentUpload') }),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      const upload = await readUpload(request);
      const created = await uploadDocument(db, {
        playerId,
        kind: upload.kind,
        fileName: upload.name,
        bytes: upload.bytes,
        ip: request.ip,
        now: app.clock.now(),
      });
      return reply.code(201).send(presentDocument(created));
    },
  });

  app.route({
    ...routeOf(verificationApi.file),
    handler: async (request, reply) => {
      const playerId = await requirePlayer(request);
      return sendFile(reply, await documentFile(db, request.params.id, playerId));
    },
  });
};

/** The operator API's review of documents (registered under the operator bearer token). */
export const verificationOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /**
   * The player hears of the decision by push (transactional: it concerns their account), and their
   * verification page by the event's publication on `documents_changes`.
   */
  const notify = async (tx: Db, document: PlayerDocument) => {
    await app.events.publish(tx, 'compliance.document_reviewed', {
      playerId: document.playerId,
      documentId: document.id,
      status: document.status as 'approved' | 'rejected',
    });
    await queuePlayerPush(app, tx, document.playerId, (language) => documentReviewedPush(language, document));
  };

  app.route({
    ...routeOf(verificationOperatorApi.documents),
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const rows = await db
        .select()
        .from(schema.playerDocuments)
        .where(eq(schema.playerDocuments.status, request.query.status))
        .orderBy(asc(schema.playerDocuments.createdAt))
        .limit(200);
      return rows.map(presentForOperator);
    },
  });

  app.route({
    ...routeOf(verificationOperatorApi.file),
    handler: async (request, reply) => sendFile(reply, await documentFile(db, request.params.id)),
  });

  app.route({
    ...routeOf(verificationOperatorApi.approve),
    handler: async (request) =>
      presentForOperator(
        recorded(
          request,
          await reviewDocument(
            db,
            {
              documentId: request.params.id,
              status: 'approved',
              ip: request.ip,
              actor: operatorActor(operatorOf(request)),
              now: app.clock.now(),
            },
            notify,
          ),
        ),
      ),
  });

  app.route({
    ...routeOf(verificationOperatorApi.reject),
    handler: async (request) =>
      presentForOperator(
        recorded(
          request,
          await reviewDocument(
            db,
            {
              documentId: request.params.id,
              status: 'rejected',
              rejection: request.body,
              ip: request.ip,
              actor: operatorActor(operatorOf(request)),
              now: app.clock.now(),
            },
            notify,
          ),
        ),
      ),
  });
};
