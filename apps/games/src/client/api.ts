import type { EngineId, Volatility } from '../studio-types.ts';

/**
 * The studio API as the game client sees it (/games-api/*, same origin). Every call carries the
 * session id in `x-studio-session`; the shapes mirror apps/games/src/server/studio-routes.ts.
 */

export type Lang = 'en' | 'el';

export interface SessionTitle {
  id: string;
  engine: EngineId;
  variant: string;
  name: { en: string; el: string };
  rtp: number;
  volatility: Volatility;
  lines: number | null;
  /** Minor units. */
  min_bet: number;
  max_bet: number;
  theme: { background: string; accent: string; symbol: string };
}

export interface Fairness {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

export type RoundStatus = 'open' | 'closed' | 'refused' | 'rolled_back';

export interface HistoryRound {
  id: string;
  status: RoundStatus;
  stake: number;
  payout: number | null;
  nonce: number;
  seedId: number;
  clientSeed: string;
  createdAt: string;
}

export interface StudioSession {
  mode: 'real' | 'demo';
  language: string;
  currency: string;
  subunits: number;
  /** Minor units; null when the wallet could not be read. */
  balance: number | null;
  title: SessionTitle;
  fairness: Fairness;
  history: HistoryRound[];
}

export interface RoundAnswer<View = unknown> {
  id: string;
  status: RoundStatus;
  finished: boolean;
  stake: number;
  payout: number | null;
  view: View;
  balance: number | null;
  /** The win is decided but the wallet has not acknowledged it yet: it is being paid. */
  settling: boolean;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
}

export interface RoundRecord {
  id: string;
  game: string;
  status: RoundStatus;
  stake: number;
  payout: number | null;
  bet: unknown;
  actions: unknown[];
  view: unknown;
  client_seed: string;
  nonce: number;
  /** Null until the seed pair the round was played with is rotated. */
  server_seed: string | null;
  created_at: string;
}

export interface RevealedSeed {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** Rounds played with the pair. */
  rounds: number;
  revealed_at?: string;
}

export interface RotateAnswer {
  revealed: RevealedSeed | null;
  fairness: Fairness;
}

export interface VerifyInput {
  game: string;
  server_seed: string;
  client_seed: string;
  nonce: number;
  bet: unknown;
  actions: unknown[];
}

export interface VerifyAnswer {
  server_seed_hash: string;
  finished: boolean;
  payout: number | null;
  view: unknown;
}

/** What went wrong with a call, sorted into what the player is told. */
export type StudioErrorKind =
  /** 401: the session is over; only reopening the game helps. */
  | 'session'
  /** 409: the wallet or the round refused (reason is the wallet status or a round state). */
  | 'refused'
  /** 422: the bet or input was refused (field says which). */
  | 'invalid'
  | 'not-found'
  /** No answer: the request may or may not have reached the server. */
  | 'network'
  | 'server';

export class StudioError extends Error {
  readonly kind: StudioErrorKind;
  readonly status: number;
  /** The field a 422 names (`stake`, `target`, `bets[0].numbers`…). */
  readonly field: string | null;
  /** The refusal reason of a 409 (RS_ERROR_NOT_ENOUGH_MONEY, ROUND_BUSY…). */
  readonly reason: string | null;
  /** The balance a refusal reported, if any. */
  readonly balance: number | null;

  constructor(
    kind: StudioErrorKind,
    status: number,
    detail: { field?: string | null; reason?: string | null; balance?: number | null; message?: string } = {},
  ) {
    super(detail.message ?? `${kind} (${status})`);
    this.kind = kind;
    this.status = status;
    this.field = detail.field ?? null;
    this.reason = detail.reason ?? null;
    this.balance = detail.balance ?? null;
  }
}

/** Sorts an error answer: `{ errors: { field: [message] }, balance? }`. */
export function errorFromAnswer(status: number, body: unknown): StudioError {
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
  const [field = null, messages] = Object.entries(errors)[0] ?? [];
  const message = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
  const rawBalance = (body as { balance?: unknown } | null)?.balance;
  const balance = typeof rawBalance === 'number' ? rawBalance : null;
  if (status === 401) return new StudioError('session', status, { field, message });
  if (status === 409)
    return new StudioError('refused', status, { field, reason: message ?? null, balance, message });
  if (status === 422 || status === 400) return new StudioError('invalid', status, { field, message });
  if (status === 404) return new StudioError('not-found', status, { field, message });
  return new StudioError('server', status, { field, message });
}

export interface StudioApi {
  session(): Promise<StudioSession>;
  play<View>(bet: unknown): Promise<RoundAnswer<View>>;
  act<View>(roundId: string, action: string): Promise<RoundAnswer<View>>;
  history(): Promise<HistoryRound[]>;
  round(id: string): Promise<RoundRecord>;
  rotateSeed(clientSeed: string): Promise<RotateAnswer>;
  revealedSeeds(): Promise<RevealedSeed[]>;
  verify(input: VerifyInput): Promise<VerifyAnswer>;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The API of one game session; `verify` needs no session and works with a null id. */
export function createStudioApi(
  sessionId: string | null,
  fetcher: Fetch = (...args) => fetch(...args),
): StudioApi {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (sessionId) headers['x-studio-session'] = sessionId;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetcher(`/games-api${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        cache: 'no-store',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new StudioError('network', 0);
    }
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
    if (!response.ok) throw errorFromAnswer(response.status, parsed);
    if (parsed === null) throw new StudioError('server', response.status);
    return parsed as T;
  }

  return {
    session: () => call('GET', '/session'),
    play: (bet) => call('POST', '/rounds', { bet }),
    act: (roundId, action) => call('POST', `/rounds/${encodeURIComponent(roundId)}/actions`, { action }),
    history: async () => (await call<{ rounds: HistoryRound[] }>('GET', '/rounds')).rounds,
    round: (id) => call('GET', `/rounds/${encodeURIComponent(id)}`),
    rotateSeed: (clientSeed) => call('PUT', '/seeds', { client_seed: clientSeed }),
    revealedSeeds: async () => (await call<{ seeds: RevealedSeed[] }>('GET', '/seeds/revealed')).seeds,
    verify: (input) => call('POST', '/verify', input),
  };
}

/** A client seed as the server accepts it: 1–64 printable ASCII characters without spaces. */
export const isValidClientSeed = (value: string) => /^[\x21-\x7e]{1,64}$/.test(value);

/** A fresh random client seed (16 bytes, hex), as the server makes by default. */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of a revealed server seed's 64 hex characters (as ASCII), computed in the browser. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
