import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  createClient,
  type EndpointRef,
  endpoint,
  fetchTransport,
  type TransportRequest,
  urlOf,
} from './endpoint.ts';
import { errorBody } from './errors.ts';

const item = z.object({ id: z.uuid(), title: z.string() });
const listItems = endpoint({
  method: 'GET',
  path: '/shelves/:shelf/items',
  version: 2,
  versions: [1, 2],
  tags: ['test'],
  summary: 'Items of a shelf',
  params: z.object({ shelf: z.string() }),
  query: z.object({ page: z.number().optional(), kinds: z.array(z.string()).optional() }),
  responses: { 200: z.array(item), 404: errorBody },
});
const addItem = endpoint({
  method: 'POST',
  path: '/items',
  tags: ['test'],
  summary: 'Add an item',
  body: z.object({ title: z.string() }),
  responses: { 201: item, 422: errorBody },
});

/** A transport that records each request and answers with the next of `answers`. */
function recording(...answers: { status: number; body: unknown }[]) {
  const sent: TransportRequest[] = [];
  const client = createClient(async (request) => {
    sent.push(request);
    return answers.shift() ?? { status: 500, body: null };
  });
  return { sent, client };
}

const id = '0b6b5b0e-3b0c-4a53-9b8a-2d9a3f3e8f11';

describe('createClient', () => {
  it('fills the path, serialises the query and asks for the endpoint version', async () => {
    const { sent, client } = recording({ status: 200, body: [{ id, title: 'Ace' }] });
    const answer = await client(listItems, {
      params: { shelf: 'top shelf/2' },
      query: { page: 3, kinds: ['a', 'b'] },
    });
    expect(sent[0]).toEqual({
      method: 'GET',
      url: '/api/shelves/top%20shelf%2F2/items?page=3&kinds=a&kinds=b',
      headers: { accept: 'application/vnd.s.v2+json' },
      signal: undefined,
    });
    expect(answer).toEqual({ ok: true, status: 200, body: [{ id, title: 'Ace' }] });
    if (answer.ok) expectTypeOf(answer.body).toEqualTypeOf<{ id: string; title: string }[]>();
  });

  it('sends the body as JSON and reads a refusal with its codes', async () => {
    const refusal = {
      errors: { title: ['is required'] },
      codes: { title: ['validation.required'] },
    };
    const { sent, client } = recording({ status: 422, body: refusal });
    const answer = await client(addItem, { body: { title: '' } });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/items',
      headers: { accept: 'application/vnd.s.v1+json', 'content-type': 'application/json' },
      body: '{"title":""}',
    });
    expect(answer).toEqual({ ok: false, status: 422, body: refusal });
  });

  it('reads an answer that is not an error body as a failure with an empty body', async () => {
    const { client } = recording({ status: 502, body: null }, { status: 404, body: ['x'] });
    expect(await client(addItem, { body: { title: 'x' } })).toEqual({ ok: false, status: 502, body: {} });
    expect(await client(listItems, { params: { shelf: 's' } })).toEqual({ ok: false, status: 404, body: {} });
  });

  it('calls through a reference that carries no schema, typed as its endpoint', async () => {
    const reference: EndpointRef<typeof addItem> = {
      method: 'POST',
      base: '/api',
      path: '/items',
      version: 1,
    };
    const { sent, client } = recording({ status: 201, body: { id, title: 'Ace' } });
    const answer = await client(reference, { body: { title: 'Ace' } });
    expect(sent[0]?.url).toBe('/api/items');
    if (answer.ok) expectTypeOf(answer.body).toEqualTypeOf<{ id: string; title: string }>();
    expect(answer).toEqual({ ok: true, status: 201, body: { id, title: 'Ace' } });
  });

  it('refuses to build a URL with a path parameter missing', () => {
    expect(() => urlOf(listItems, { params: {} })).toThrow('path parameter shelf missing');
  });
});

describe('fetchTransport', () => {
  it('prepends the origin, adds the shared init and reads JSON or nothing', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const answers = [
      new Response('{"ok":1}', { status: 200 }),
      new Response('<html>Bad gateway</html>', { status: 502 }),
    ];
    const transport = fetchTransport({
      origin: 'http://127.0.0.1:4000',
      init: { credentials: 'same-origin', headers: { 'user-agent': 'bench' } },
      fetch: async (url, init) => {
        seen.push({ url: String(url), init });
        return answers.shift() as Response;
      },
    });
    const request = { method: 'GET', url: '/api/items', headers: { accept: 'application/json' } } as const;
    expect(await transport(request)).toEqual({ status: 200, body: { ok: 1 } });
    expect(await transport(request)).toEqual({ status: 502, body: null });
    expect(seen[0]).toMatchObject({
      url: 'http://127.0.0.1:4000/api/items',
      init: { credentials: 'same-origin', headers: { 'user-agent': 'bench', accept: 'application/json' } },
    });
  });
});
