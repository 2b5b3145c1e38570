import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './api';

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake server: answers by "METHOD url" and records every request. */
function fakeFetch(answer: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call, calls.length - 1);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const player = { id: '0b6b5b0e-3b0c-4a53-9b8a-2d9a3f3e8f11', email: 'eleni@example.gr' };

describe('callApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the v1 media type and the session cookie, and reads JSON back', async () => {
    const calls = fakeFetch(() => json(200, player));
    const response = await callApi('PATCH', '/player', { context: 'profile', player: { city: 'Patra' } });
    expect(response).toEqual({ status: 200, body: player });
    expect(calls[0]).toMatchObject({
      url: '/api/player',
      method: 'PATCH',
      headers: { accept: 'application/vnd.s.v1+json', 'content-type': 'application/json' },
      body: { context: 'profile', player: { city: 'Patra' } },
    });
  });

  it('reads an empty or non-JSON answer as an empty body', async () => {
    fakeFetch((_call, index) =>
      index === 0
        ? new Response(null, { status: 204 })
        : new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    expect(await callApi('DELETE', '/users/sign_out')).toEqual({ status: 204, body: {} });
    expect(await callApi('GET', '/player')).toEqual({ status: 502, body: {} });
  });
});
