import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { type Envelope, parseEnvelope } from '@sentry/core';

/** An item given with its length is read as bytes; the JSON ones (events, spans) are read as JSON. */
function jsonOrBytes(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return bytes;
  }
}

/** One envelope as it arrived: its path and the items Sentry's own parser read from it. */
export interface ReceivedEnvelope {
  path: string;
  headers: Envelope[0];
  items: { type: string; headers: Record<string, unknown>; payload: unknown }[];
}

/**
 * A stand-in for Sentry's ingest on loopback, for the tests and the benchmark: it takes envelopes at
 * `/api/<project>/envelope/` as Sentry does (gzip from the Node SDK, CORS for browsers) and reads them
 * with `parseEnvelope` from @sentry/core, the SDK's own parser, never one of ours.
 * `dsn` is the DSN to configure; `events()` the error events received so far.
 */
export async function startSentryReceiver(project = '4242') {
  const envelopes: ReceivedEnvelope[] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method !== 'POST' || path !== `/api/${project}/envelope/`) {
      return void response.writeHead(404).end();
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const [headers, items] = parseEnvelope(new Uint8Array(body));
      envelopes.push({
        path,
        headers,
        items: items.map(([itemHeaders, payload]) => ({
          type: String(itemHeaders.type),
          headers: itemHeaders as Record<string, unknown>,
          payload: payload instanceof Uint8Array ? jsonOrBytes(payload) : payload,
        })),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const itemsOf = (type: string) =>
    envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === type));
  return {
    dsn: `http://public0123456789abcdef@127.0.0.1:${port}/${project}`,
    origin: `http://127.0.0.1:${port}`,
    envelopes,
    /** The error events (envelope items of type `event`) received so far. */
    events: () => itemsOf('event').map((item) => item.payload as SentryEvent),
    /** Every item of the given type received so far (`span`, `session`, `client_report` …). */
    itemsOf,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

export type SentryReceiver = Awaited<ReturnType<typeof startSentryReceiver>>;

/** What the tests read of an error event (Sentry's event payload, as JSON). */
export interface SentryEvent {
  event_id: string;
  exception?: { values?: { type?: string; value?: string; mechanism?: { type?: string } }[] };
  tags?: Record<string, string>;
  request?: {
    url?: string;
    method?: string;
    headers?: Record<string, string>;
    cookies?: unknown;
    data?: unknown;
  };
  user?: unknown;
  sdk?: { name?: string };
  [key: string]: unknown;
}
