import type { PlayerDocument, VerificationStatus } from '@chrysos/contract';
import { endpoints, mediaTypeOf, urlOf } from '@chrysos/contract/client';
import { api } from '../../../lib/api';

export type { DocumentKind, PlayerDocument, VerificationStatus } from '@chrysos/contract';

/** GET /player/documents: the player's documents and what verification still needs; null when unreadable. */
export async function fetchVerification(): Promise<VerificationStatus | null> {
  const answer = await api(endpoints.verification.documents, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/** Where the player opens a document they uploaded (served private, no-store). */
export const documentFileUrl = (id: string) => urlOf(endpoints.verification.file, { params: { id } });

/**
 * POST /player/documents as multipart/form-data (the JSON client does not send files): the answer's
 * status and body, as the contract client gives them; null when no answer came.
 */
export async function uploadDocument(
  kind: string,
  file: File,
): Promise<{ ok: true; body: PlayerDocument } | { ok: false; status: number; body: unknown } | null> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const target = endpoints.verification.upload;
  try {
    const response = await fetch(urlOf(target), {
      method: target.method,
      body: form,
      credentials: 'same-origin',
      headers: {
        accept: mediaTypeOf(target.version),
        'accept-language': document.documentElement.lang || 'en',
      },
    });
    const body: unknown = await response.json().catch(() => null);
    return response.ok
      ? { ok: true, body: body as PlayerDocument }
      : { ok: false, status: response.status, body };
  } catch {
    return null;
  }
}

/** What the browser checks before sending (the server decides): the type it declares and the size. */
export const uploadRules = {
  maxBytes: 10 * 1024 * 1024,
  maxPdfPages: 10,
  types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  accept: '.jpg,.jpeg,.png,.webp,.pdf,image/jpeg,image/png,image/webp,application/pdf',
} as const;

export function fileProblem(file: File): 'type' | 'size' | 'empty' | null {
  if (file.size === 0) return 'empty';
  if (file.size > uploadRules.maxBytes) return 'size';
  if (file.type && !(uploadRules.types as readonly string[]).includes(file.type)) return 'type';
  if (!file.type && !/\.(jpe?g|png|webp|pdf)$/i.test(file.name)) return 'type';
  return null;
}
