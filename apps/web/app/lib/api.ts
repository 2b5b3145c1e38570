import { type Client, createClient, fetchTransport } from '@chrysos/contract/client';

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
