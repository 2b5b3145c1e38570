import { endpoints } from '@chrysos/contract/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

interface Call {
  url: string;
  method: string;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake server: answers each request in turn and records it. */
function fakeFetch(answer: (call: Call, index: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      credentials: init?.credentials,
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

describe('the browser API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with the endpoint's media type and the session cookie, and reads JSON back", async () => {
    const calls = fakeFetch(() => json(200, player));
    const answer = await api(endpoints.player.update, {
      body: { context: 'profile', player: { city: 'Patra' } },
    });
    expect(answer).toEqual({ ok: true, status: 200, body: player });
    expect(calls[0]).toMatchObject({
      url: '/api/player',
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { accept: 'application/vnd.s.v1+json', 'content-type': 'application/json' },
      body: { context: 'profile', player: { city: 'Patra' } },
    });
  });

  it('asks the games API for version 2 and fills path parameters and the query', async () => {
    const calls = fakeFetch(() => json(200, { game_url: '/games/x', strategy: 'iframe', mode: 'demo' }));
    await api(endpoints.games.launchOptions, {
      params: { provider: 'aegean-reels', game: 'golden fleece' },
      query: { mode: 'demo', locale: 'el' },
    });
    expect(calls[0]).toMatchObject({
      url: '/api/games/launch_options/aegean-reels/golden%20fleece?mode=demo&locale=el',
      headers: { accept: 'application/vnd.s.v2+json' },
    });
  });

  it('reads an empty or non-JSON answer as a failure with an empty body', async () => {
    fakeFetch((_call, index) =>
      index === 0
        ? new Response('<html>Bad gateway</html>', { status: 502 })
        : json(401, { errors: { base: ['Sign in'] }, codes: { base: ['auth.sign_in_required'] } }),
    );
    expect(await api(endpoints.player.player, {})).toEqual({ ok: false, status: 502, body: {} });
    expect(await api(endpoints.player.player, {})).toEqual({
      ok: false,
      status: 401,
      body: { errors: { base: ['Sign in'] }, codes: { base: ['auth.sign_in_required'] } },
    });
  });
});
