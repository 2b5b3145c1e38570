import { type Client, createClient, fetchTransport } from '@chrysos/contract/client';
import type { BrowserContext } from 'playwright-core';

/** The contract's client against the product at `baseUrl`, from Node, with `headers` on every request. */
export const apiAt = (baseUrl: string, headers: Record<string, string> = {}): Client =>
  createClient(fetchTransport({ origin: baseUrl, init: { headers } }));

/**
 * The contract's client through a browser context's request API: its cookie jar keeps what the answers
 * set (a session), so the context's pages share it.
 */
export function apiOf(
  context: BrowserContext,
  baseUrl: string,
  headers: Record<string, string> = {},
): Client {
  return createClient(async (request) => {
    const response = await context.request.fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: { ...headers, ...request.headers },
      ...(request.body === undefined ? {} : { data: request.body }),
      // A kept-alive connection the product closed (idle 72 s, as a long spec's steps can leave it) is
      // reset when reused at that moment: a read is asked again, as a browser would; a write never is.
      maxRetries: request.method === 'GET' ? 2 : 0,
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status(), body };
  });
}
