import type { ErrorBody } from '@chrysos/contract';

/** Field or cause → messages in the page's language (spec §7). */
export type ApiErrors = ErrorBody['errors'];
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  /** An error answer adds the stable codes of its messages and their values (lib/api-errors.ts). */
  body: Partial<T> & { errors?: ApiErrors; codes?: Record<string, string[]>; params?: ErrorBody['params'] };
}

/** The media type that selects version 1 of the player API. */
export const apiMediaType = 'application/vnd.s.v1+json';

/**
 * Calls the player API from the browser: JSON in and out, the v1 media type, the session cookie, and
 * the page's language so messages the server writes come back in it. A body that is not JSON (a proxy's
 * error page, say) reads as empty; a network failure rejects.
 */
export async function callApi<T = Record<string, unknown>>(
  method: ApiMethod,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: apiMediaType,
      ...(language ? { 'accept-language': language } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: ApiResponse<T>['body'] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status: response.status, body: parsed ?? {} };
}
