import type { z } from 'zod';
import type { ErrorBody } from './errors.ts';
import type { OperatorAbility } from './operators.ts';

/*
 * Endpoint descriptors (docs/decisions/0017): each HTTP endpoint is declared once here, with its method,
 * path, API version and the zod schemas of its request and of its answer per status. The server
 * registers its routes from them (`routeOf`), and every caller (the web app, the game client, the
 * browser specs' harness, the benchmarks) calls them through `createClient`, so a path, a query or a
 * response shape cannot drift between the two sides.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where an endpoint lives: the player API, the studio's games API, the seamless-wallet protocol, or the
 * analytics ingest (Segment's tracking API and settings documents, spec §7 Analytics).
 */
export type ApiBase = '/api' | '/games-api' | '/wallet' | '/analytics';

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Base extends ApiBase = ApiBase,
  Version extends number = number,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Responses extends Record<number, z.ZodType> = Record<number, z.ZodType>,
> {
  method: Method;
  /** Relative to `base`, with `:name` path parameters: `/player/payments/:id`. */
  path: Path;
  base: Base;
  /**
   * The API version the client asks for with its Accept header (`application/vnd.s.v<n>+json`, spec §7);
   * `versions` are all the route answers (a plain JSON Accept gets the lowest).
   */
  version: Version;
  versions: readonly number[];
  params: Params;
  query: Query;
  body: Body;
  /** The answer's schema per status; error statuses answer `errorBody`. */
  responses: Responses;
  /** For the OpenAPI document. */
  tags: readonly string[];
  summary: string;
  description?: string | undefined;
  /**
   * An operator endpoint's ability (operators.ts): the server refuses an operator whose role lacks it,
   * and the back office hides it from them.
   */
  ability?: OperatorAbility | undefined;
}

/** The widest endpoint, to constrain generic parameters. */
export type AnyEndpoint = Endpoint;

/** Declares an endpoint; `base` defaults to `/api`, `version` to 1. */
export function endpoint<
  const Method extends HttpMethod,
  const Path extends string,
  const Responses extends Record<number, z.ZodType>,
  const Base extends ApiBase = '/api',
  const Version extends number = 1,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(declaration: {
  method: Method;
  path: Path;
  base?: Base;
  version?: Version;
  versions?: readonly number[];
  params?: Params;
  query?: Query;
  body?: Body;
  responses: Responses;
  tags: readonly string[];
  summary: string;
  description?: string;
  ability?: OperatorAbility;
}): Endpoint<Method, Path, Base, Version, Params, Query, Body, Responses> {
  const version = declaration.version ?? (1 as Version);
  return {
    ...declaration,
    base: declaration.base ?? ('/api' as Base),
    version,
    versions: declaration.versions ?? [version],
    params: declaration.params as Params,
    query: declaration.query as Query,
    body: declaration.body as Body,
  };
}

/**
 * What a client needs of an endpoint at run time (method, base, path, version), without its schemas:
 * browsers call through these (src/endpoint-refs.ts), so no zod schema reaches a page's JavaScript.
 * The endpoint itself is carried as a type only.
 */
export interface EndpointRef<E extends AnyEndpoint = AnyEndpoint> {
  method: E['method'];
  base: E['base'];
  path: E['path'];
  version: E['version'];
  readonly endpoint?: E;
}

/** A reference to `E`; its values are checked against the descriptor's literal types. */
export const ref = <E extends AnyEndpoint>(
  method: E['method'],
  base: E['base'],
  path: E['path'],
  version: E['version'],
): EndpointRef<E> => ({ method, base, path, version });

/** The endpoint a descriptor or a reference stands for. */
export type EndpointOf<R> = R extends AnyEndpoint ? R : R extends EndpointRef<infer E> ? E : never;

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

/** What a call of the endpoint sends: its path parameters, query and body, each only where it has one. */
export type RequestOf<E extends AnyEndpoint> = (E['params'] extends z.ZodType
  ? { params: InputOf<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType
    ? // A query of optional fields alone may be left out.
      Record<string, never> extends InputOf<E['query']>
      ? { query?: InputOf<E['query']> }
      : { query: InputOf<E['query']> }
    : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: InputOf<E['body']> } : { body?: never }) & {
    signal?: AbortSignal | undefined;
    /** Headers beyond those the client sets (Accept, Content-Type). */
    headers?: Record<string, string>;
  };

type SuccessStatus = 200 | 201 | 202 | 204;

/** A success of the endpoint: a 2xx status it declares, with the body its schema gives. */
export type SuccessOf<E extends AnyEndpoint> = {
  [S in keyof E['responses'] & SuccessStatus]: {
    ok: true;
    status: S;
    body: z.output<E['responses'][S]>;
  };
}[keyof E['responses'] & SuccessStatus];

/**
 * A refusal or a failure: any other status (0 when no answer came at all), with the error body when
 * the answer was one (`{errors, codes, params}`), else an empty object.
 */
export interface Failure {
  ok: false;
  status: number;
  body: Partial<ErrorBody>;
}

export type AnswerOf<E extends AnyEndpoint> = SuccessOf<E> | Failure;

/** One HTTP request as the client hands it to its transport. */
export interface TransportRequest {
  method: HttpMethod;
  /** Base, path and query: `/api/player/payments?page=2`. */
  url: string;
  headers: Record<string, string>;
  /** JSON text, when the endpoint takes a body. */
  body?: string;
  signal?: AbortSignal | undefined;
}

/**
 * Sends a request and reads its answer: the status, and the JSON body (null when there is none or it
 * is not JSON). Rejects only when no answer came (a network failure, an abort).
 */
export type Transport = (request: TransportRequest) => Promise<{ status: number; body: unknown }>;

/** The media type that asks for version `n` of the API. */
export const mediaTypeOf = (version: number) => `application/vnd.s.v${version}+json`;

/** `/player/payments/:id` with `{id}` → `/player/payments/0b6b…`, each value URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}

/** The query string of a query object (leading `?`, or empty); undefined and null values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The URL a call of the endpoint goes to (also for links, such as a CSV download). */
export function urlOf(target: EndpointRef, request: { params?: unknown; query?: unknown } = {}): string {
  return `${target.base}${fillPath(target.path, request.params as Record<string, unknown>)}${queryString(
    request.query as Record<string, unknown>,
  )}`;
}

const isErrorAnswer = (body: unknown): body is Partial<ErrorBody> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

export type Client = <R extends EndpointRef>(
  target: R,
  request: RequestOf<EndpointOf<R>>,
) => Promise<AnswerOf<EndpointOf<R>>>;

/**
 * The one API client: calls any endpoint through `transport` (fetch in a browser or Node, app.inject in
 * a page loader), with the path filled, the query serialised, the endpoint's version in Accept and the
 * body as JSON. The answer is typed by the status the endpoint declares; an answer with a status it does
 * not declare as a success is a `Failure` with the error body.
 */
export function createClient(transport: Transport): Client {
  return async (target, request) => {
    const headers: Record<string, string> = { accept: mediaTypeOf(target.version), ...request.headers };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const answer = await transport({
      method: target.method,
      url: urlOf(target, request),
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: request.signal,
    });
    const status = answer.status;
    // Every endpoint answers its successes with 2xx and its refusals with 4xx/5xx (spec §7).
    if (status >= 200 && status < 300) {
      return { ok: true, status, body: answer.body } as AnswerOf<EndpointOf<typeof target>>;
    }
    return { ok: false, status, body: isErrorAnswer(answer.body) ? answer.body : {} };
  };
}

/**
 * A transport over `fetch`: `origin` is prepended (empty in a browser, the product's URL in Node),
 * `init` is added to every request (credentials, cache, default headers).
 */
export function fetchTransport(
  options: {
    origin?: string;
    init?: Omit<RequestInit, 'method' | 'body' | 'signal'>;
    fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  } = {},
): Transport {
  return async (request) => {
    const send = options.fetch ?? fetch;
    const response = await send(`${options.origin ?? ''}${request.url}`, {
      ...options.init,
      method: request.method,
      headers: { ...(options.init?.headers as Record<string, string>), ...request.headers },
      body: request.body,
      signal: request.signal ?? null,
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  };
}
