import type { Player } from '@chrysos/contract';
import type { Client } from '@chrysos/contract/client';
import { RouterContextProvider } from 'react-router';
import { type AppContext, appContext } from '#app-context';

/** A player as GET /player answers, with what the test says in place of the defaults. */
export function samplePlayer(overrides: Partial<Player> = {}): Player {
  return {
    id: '0b6b3c8e-4a0d-4c55-9a53-0d6f1f3c2a11',
    email: 'eleni@example.com',
    first_name: null,
    last_name: null,
    language: 'en',
    currency: 'EUR',
    country: 'GR',
    statuses: [],
    auth_fields_missed: [],
    receive_promos: false,
    receive_sms_promos: false,
    agreed_to_partner_promotions: false,
    date_of_birth: null,
    phone: null,
    city: null,
    address: null,
    postal_code: null,
    confirmed: true,
    verified: false,
    password_set: true,
    created_at: '2026-01-05T10:00:00.000Z',
    current_sign_in_at: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** One call a route made of the in-process API: the endpoint's method and path, and what it sent. */
export interface ApiCall {
  method: string;
  path: string;
  request: { body?: unknown };
}

/**
 * The context a loader or action gets on the server, for the `player` (a visitor when null), with the
 * in-process API answered by `answer` (by method and path); every call is kept in `calls`.
 */
export function stubAppContext({
  player,
  answer,
}: {
  player: Player | null;
  answer: (call: ApiCall) => { status: number; body: unknown };
}): { context: RouterContextProvider; calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  const api = (async (target: { method: string; path: string }, request: { body?: unknown }) => {
    const call = { method: target.method, path: target.path, request };
    calls.push(call);
    const { status, body } = answer(call);
    return { ok: status >= 200 && status < 300, status, body };
  }) as unknown as Client;
  const app = { license: 'curacao', player, api } as Partial<AppContext> as AppContext;
  const context = new RouterContextProvider();
  context.set(appContext, app);
  return { context, calls };
}

/** A form posted to the route action at `path` (a page path), as a browser without JavaScript posts it. */
export const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`https://casino.example${path}`, { method: 'POST', body: new URLSearchParams(fields) });
