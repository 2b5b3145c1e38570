import { type DocumentKind, documentUploadRules } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from './audit-log.ts';

/*
 * Identity documents (issue 17, docs/decisions/0023-identity-documents.md): what a player sends is
 * judged by its bytes alone, images are re-encoded without their metadata, and the stored bytes sit in
 * PostgreSQL so every instance serves them.
 */

export type { DocumentKind } from '@chrysos/contract';

/** The largest file a player may send. */
export const documentMaxBytes = documentUploadRules.maxBytes;
/** The most pages a PDF may have. */
export const documentMaxPages = documentUploadRules.maxPdfPages;
/** An image is scaled down to fit this many pixels on its longer side (a phone photo is ~4000). */
const imageMaxSide = 4000;

const accepted = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type DocumentContentType = keyof typeof accepted;

export const extensionOf = (contentType: string) => accepted[contentType as DocumentContentType] ?? 'bin';

/** What a stored document is: its bytes as served, their type, and a PDF's page count. */
export interface PreparedDocument {
  content: Buffer;
  contentType: DocumentContentType;
  pages: number | null;
}

/**
 * Judges a file by its bytes: a JPEG, PNG or WebP image is re-encoded in its own format, turned upright
 * and with no metadata kept (EXIF, GPS, XMP, comments); a PDF is kept as sent if it has at most
 * `documentMaxPages` pages. Anything else is refused, whatever its name or declared type says.
 */
export async function prepareDocument(bytes: Buffer): Promise<PreparedDocument> {
  if (bytes.length === 0) throw new AppError('compliance.document_unreadable', { field: 'file' });
  if (bytes.length > documentMaxBytes) {
    throw new AppError('compliance.document_too_large', {
      field: 'file',
      params: { megabytes: documentMaxBytes / 1024 / 1024 },
    });
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  const contentType = sniffed?.mime;
  if (!contentType || !(contentType in accepted)) {
    throw new AppError('compliance.document_type', { field: 'file' });
  }
  if (contentType === 'application/pdf') {
    let pages: number;
    try {
      const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
      pages = pdf.getPageCount();
    } catch (error) {
      throw new AppError('compliance.document_unreadable', { field: 'file', cause: error });
    }
    if (pages < 1) throw new AppError('compliance.document_unreadable', { field: 'file' });
    if (pages > documentMaxPages) {
      throw new AppError('compliance.document_pages', { field: 'file', params: { pages: documentMaxPages } });
    }
    return { content: bytes, contentType, pages };
  }
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif): rotate() applies the EXIF
    // orientation to the pixels first, so the picture stays upright once the tag is gone.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: imageMaxSide, height: imageMaxSide, fit: 'inside', withoutEnlargement: true });
    const content =
      contentType === 'image/jpeg'
        ? await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
        : contentType === 'image/png'
          ? await image.png().toBuffer()
          : await image.webp({ quality: 90 }).toBuffer();
    return { content, contentType: contentType as DocumentContentType, pages: null };
  } catch (error) {
    throw new AppError('compliance.document_unreadable', { field: 'file', cause: error });
  }
}

export type PlayerDocument = typeof schema.playerDocuments.$inferSelect;

/** A file name the player will recognise, without paths or control characters, at most 120 characters. */
function cleanFileName(name: string | undefined, contentType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(-120);
  return cleaned || `document.${extensionOf(contentType)}`;
}

/** Stores a player's prepared document as pending review; the audit trail records the upload. */
export async function uploadDocument(
  db: Db,
  upload: {
    playerId: string;
    kind: DocumentKind;
    fileName: string | undefined;
    bytes: Buffer;
    ip: string | null;
    /** The product's time of the upload. */
    now: Date;
  },
): Promise<PlayerDocument> {
  const prepared = await prepareDocument(upload.bytes);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schema.playerDocuments)
      .values({
        playerId: upload.playerId,
        kind: upload.kind,
        status: 'pending',
        fileName: cleanFileName(upload.fileName, prepared.contentType),
        contentType: prepared.contentType,
        size: prepared.content.length,
        pages: prepared.pages,
      })
      .returning();
    if (!created) throw new Error('document not stored');
    await tx.insert(schema.playerDocumentFiles).values({ documentId: created.id, content: prepared.content });
    await recordAudit(tx, {
      at: upload.now,
      actor: `player:${upload.playerId}`,
      action: 'document.uploaded',
      playerId: upload.playerId,
      details: {
        document: created.id,
        kind: created.kind,
        content_type: created.contentType,
        size: created.size,
      },
      ip: upload.ip,
    });
    return created;
  });
}
