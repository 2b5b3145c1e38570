import type {
  RevealedSeed,
  StudioFairness,
  StudioFreespins,
  StudioHistoryRound,
  StudioRotateAnswer,
  StudioRoundAnswer,
  StudioRoundRecord,
  StudioSessionAnswer,
  StudioTitleInfo,
  StudioVerifyAnswer,
  StudioVerifyBody,
} from '@chrysos/contract';
import { createClient, endpoints, fetchTransport } from '@chrysos/contract/client';

/**
 * The studio API as the game client sees it (/games-api/*, same origin), typed by the contract's
 * descriptors (studioApi). Every call carries the session id in `x-studio-session`.
 */

export type Lang = 'en' | 'el';

export type SessionTitle = StudioTitleInfo;
export type Fairness = StudioFairness;
export type RoundStatus = StudioHistoryRound['status'];
export type HistoryRound = StudioHistoryRound;
export type StudioSession = StudioSessionAnswer;
export type Freespins = StudioFreespins;
export type RoundAnswer<View = unknown> = Omit<StudioRoundAnswer, 'view'> & { view: View };
export type RoundRecord = StudioRoundRecord;
export type { RevealedSeed };
export type RotateAnswer = StudioRotateAnswer;
export type VerifyInput = StudioVerifyBody;
export type VerifyAnswer = StudioVerifyAnswer;

/** What went wrong with a call, sorted into what the player is told. */
export type StudioErrorKind =
  /** 401: the session is over; only reopening the game helps. */
  | 'session'
  /** 409: the wallet or the round refused (reason is the wallet status or a round state). */
  | 'refused'
  /** 422: the bet or input was refused (field says which). */
  | 'invalid'
  /** 429: sooner than the licence's minimum game cycle after the last round began; nothing staked. */
  | 'too-soon'
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
  /** The stable code of the refusal (`studio.refused`, `studio.invalid_stake` …), when the answer had one. */
  readonly code: string | null;
  /** A too-soon refusal's milliseconds until a round may start, and the licence's cycle in seconds. */
  readonly waitMs: number | null;
  readonly cycleSeconds: number | null;

  constructor(
    kind: StudioErrorKind,
    status: number,
    detail: {
      field?: string | null;
      reason?: string | null;
      balance?: number | null;
      message?: string | undefined;
      code?: string | null;
      waitMs?: number | null;
      cycleSeconds?: number | null;
    } = {},
  ) {
    super(detail.message ?? `${kind} (${status})`);
    this.kind = kind;
    this.status = status;
    this.field = detail.field ?? null;
    this.reason = detail.reason ?? null;
    this.balance = detail.balance ?? null;
    this.code = detail.code ?? null;
    this.waitMs = detail.waitMs ?? null;
    this.cycleSeconds = detail.cycleSeconds ?? null;
  }
}

/**
 * Sorts an error answer: `{ errors: { field: [message] }, codes: { field: [code] }, params?, balance? }`.
 * A refusal's reason is its `params.reason` (a wallet status or a round state), else its message.
 */
export function errorFromAnswer(status: number, body: unknown): StudioError {
  const answer = (body ?? {}) as {
    errors?: Record<string, unknown>;
    codes?: Record<string, unknown>;
    params?: Record<string, unknown>;
    balance?: unknown;
  };
  const [field = null, messages] = Object.entries(answer.errors ?? {})[0] ?? [];
  const first = (list: unknown) => (Array.isArray(list) ? list[0] : undefined);
  const message = typeof first(messages) === 'string' ? (first(messages) as string) : undefined;
  const code =
    field && typeof first(answer.codes?.[field]) === 'string' ? first(answer.codes?.[field]) : null;
  const params = (field ? first(answer.params?.[field]) : undefined) as
    | { reason?: unknown; wait_ms?: unknown; seconds?: unknown }
    | undefined;
  const reason = typeof params?.reason === 'string' ? params.reason : (message ?? null);
  const balance = typeof answer.balance === 'number' ? answer.balance : null;
  const detail = { field, message, code: code as string | null };
  if (status === 401) return new StudioError('session', status, detail);
  if (status === 409) return new StudioError('refused', status, { ...detail, reason, balance });
  if (status === 422 || status === 400) return new StudioError('invalid', status, detail);
  if (status === 429) {
    const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
    return new StudioError('too-soon', status, {
      ...detail,
      waitMs: number(params?.wait_ms),
      cycleSeconds: number(params?.seconds),
    });
  }
  if (status === 404) return new StudioError('not-found', status, detail);
  return new StudioError('server', status, detail);
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
  const api = createClient(
    fetchTransport({
      fetch: fetcher,
      init: {
        credentials: 'same-origin',
        cache: 'no-store',
        headers: sessionId ? { 'x-studio-session': sessionId } : {},
      },
    }),
  );
  /** The answer's body, or the error the player is told about (no answer at all is `network`). */
  async function call<A extends { ok: boolean; status: number; body: unknown }>(
    pending: Promise<A>,
  ): Promise<Extract<A, { ok: true }>['body']> {
    let answer: A;
    try {
      answer = await pending;
    } catch {
      throw new StudioError('network', 0);
    }
    if (!answer.ok) throw errorFromAnswer(answer.status, answer.body);
    if (answer.body === null) throw new StudioError('server', answer.status);
    return answer.body;
  }

  return {
    session: () => call(api(endpoints.studio.session, {})),
    play: async <View>(bet: unknown) =>
      (await call(api(endpoints.studio.play, { body: { bet } }))) as RoundAnswer<View>,
    act: async <View>(roundId: string, action: string) =>
      (await call(
        api(endpoints.studio.act, { params: { id: roundId }, body: { action } }),
      )) as RoundAnswer<View>,
    history: async () => (await call(api(endpoints.studio.history, {}))).rounds,
    round: (id) => call(api(endpoints.studio.round, { params: { id } })),
    rotateSeed: (clientSeed) => call(api(endpoints.studio.rotateSeed, { body: { client_seed: clientSeed } })),
    revealedSeeds: async () => (await call(api(endpoints.studio.revealedSeeds, {}))).seeds,
    verify: (input) => call(api(endpoints.studio.verify, { body: input })),
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
