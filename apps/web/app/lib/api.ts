import type { ErrorBody } from '@chrysos/contract';
import { type Client, createClient, fetchTransport, mediaTypeOf } from '@chrysos/contract/client';

/** Field or cause → messages in the page's language (spec §7). */
export type ApiErrors = ErrorBody['errors'];
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  /** An error answer adds the stable codes of its messages and their values (lib/api-errors.ts). */
  body: Partial<T> & { errors?: ApiErrors; codes?: Record<string, string[]>; params?: ErrorBody['params'] };
}

/** The media type that selects version 1 of the player API. */
export const apiMediaType = mediaTypeOf(1);

/**
 * The browser's requests: the session cookie, and the page's language so messages the server writes
 * come back in it. A body that is not JSON (a proxy's error page, say) reads as empty; a network
 * failure rejects.
 */
const browserTransport = fetchTransport({
  init: { credentials: 'same-origin' },
  fetch: (input, init) => {
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    const headers = { ...(init?.headers as Record<string, string>) };
    if (language) headers['accept-language'] = language;
    return fetch(input, { ...init, headers });
  },
});

/**
 * The player API from the browser, typed by the contract's endpoint descriptors:
 * `await api(endpoints.support.sendContactMessage, { body })` (docs/decisions/0017).
 */
export const api: Client = createClient((request) => browserTransport(request));

/**
 * An untyped call of the player API (v1), for the endpoints the contract does not describe yet: JSON in
 * and out, as `api` sends it.
 */
export async function callApi<T = Record<string, unknown>>(
  method: ApiMethod,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  const answer = await browserTransport({
    method,
    url: `/api${path}`,
    headers: {
      accept: apiMediaType,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (answer.body ?? {}) as ApiResponse<T>['body'] };
}
