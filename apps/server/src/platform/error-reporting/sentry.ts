import type { NodeOptions } from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { defaultInstance } from '../metrics/registry.ts';
import { scrubEvent, scrubSpan } from './scrub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Faults of ours (5xx, a failed wallet call) reported to Sentry when SENTRY_DSN is set. */
    errorReports: ErrorReports;
  }
}

/** Where the app's faults go: Sentry when a DSN is configured, nowhere otherwise. */
export interface ErrorReports {
  /** Reports an error that broke a request (never a caller's mistake, a 4xx), tagged with its id and route. */
  report(error: unknown, request: FastifyRequest): void;
  /** Sends what is still queued and stops the SDK; the app's close waits for it. */
  close(): Promise<void>;
}

const off: ErrorReports = { report() {}, async close() {} };

/** How long a close waits for queued events to reach Sentry before it gives up on them. */
const closeTimeoutMs = 2_000;

/**
 * Default integrations left out. Fastify: its error capture would report every error a route throws,
 * 4xx included (it reads the status before our handler sets it), so the error handler reports
 * (platform/error-handling.ts) and, with tracing, the integration comes back for its spans only.
 * LocalVariables: the values in a failing frame are a player's data. Console: breadcrumbs of
 * console lines (our logs go to pino, which writes to stdout itself).
 */
const leftOut = /^(Fastify|LocalVariables.*|Console)$/;
/**
 * Left out too when nothing is traced: Http and NodeFetch follow every request in and out (a scope and a
 * context each, for breadcrumbs and sessions per request), up to two fifths of an API route's throughput
 * in decision 37's measurements. `report` names the request an error broke itself.
 */
const tracingOnly = /^(Http|NodeFetch)$/;

/** The request headers an event names (scrub.ts keeps no others either). */
const namedHeaders = ['accept', 'accept-language', 'user-agent', 'x-request-id'];

/**
 * Starts Sentry's Node SDK when SENTRY_DSN is set, before the app's Fastify instance is made so that,
 * with tracing, the SDK sees it being made (its route spans hook in then). Without a DSN the SDK is
 * not even loaded: nothing is sent and nothing is spent on it.
 */
export async function startErrorReporting(
  config: Pick<
    Config,
    | 'SENTRY_DSN'
    | 'SENTRY_ENVIRONMENT'
    | 'SENTRY_RELEASE'
    | 'SENTRY_TRACES_SAMPLE_RATE'
    | 'METRICS_INSTANCE'
    | 'NODE_ENV'
  >,
): Promise<ErrorReports> {
  if (!config.SENTRY_DSN) return off;
  const Sentry = await import('@sentry/node');
  const tracing = config.SENTRY_TRACES_SAMPLE_RATE > 0;
  const options: NodeOptions = {
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    ...(config.SENTRY_RELEASE ? { release: config.SENTRY_RELEASE } : {}),
    // Without a rate the SDK reads SENTRY_TRACES_SAMPLE_RATE itself, and "0" there sets tracing up at
    // 0 %: every span made and dropped. null is the SDK's "no tracing at all".
    tracesSampleRate: tracing ? config.SENTRY_TRACES_SAMPLE_RATE : (null as unknown as undefined),
    // Collect no personal data in the first place (v11's successor of sendDefaultPii: false); scrub.ts
    // takes out whatever an integration adds all the same.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: namedHeaders }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      genAI: { inputs: false, outputs: false },
      graphQL: { document: false, variables: false },
      mcp: { inputs: false, outputs: false },
    },
    // The modules the SDK could rewrite as they load are loaded by now (app.ts imports them first);
    // its module hooks would only slow every later import.
    enableRuntimeChannelInjection: false,
    integrations: (defaults) => [
      ...defaults.filter(({ name }) => !leftOut.test(name) && (tracing || !tracingOnly.test(name))),
      ...(tracing ? [Sentry.fastifyIntegration({ shouldHandleError: () => false })] : []),
    ],
    beforeSend: (event) => scrubEvent(event),
    beforeSendSpan: scrubSpan,
  };
  Sentry.init(options);
  // Every event says which process sent it, as the metrics' `instance` label does.
  Sentry.getGlobalScope().setTag('instance', config.METRICS_INSTANCE ?? defaultInstance());
  return {
    report(error, request) {
      Sentry.withScope((scope) => {
        scope.setTags({ request_id: request.id, route: request.routeOptions.url ?? '(no route)' });
        // The request as the Http integration would have named it, where it is not set up (errors only).
        scope.addEventProcessor((event) =>
          event.request ? event : { ...event, request: requestOf(request) },
        );
        Sentry.captureException(error);
      });
    },
    async close() {
      await Sentry.close(closeTimeoutMs);
      // The SDK's hooks into http and the process stay installed; without a client they do nothing.
      Sentry.getCurrentScope().setClient(undefined);
    },
  };
}

/** A request as an event names it: method, address without its query, and the harmless headers. */
function requestOf(request: FastifyRequest) {
  const headers: Record<string, string> = {};
  for (const name of namedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const path = request.url.split('?')[0] ?? '';
  return { method: request.method, url: `${request.protocol}://${request.host}${path}`, headers };
}

/** `app.errorReports`, and the SDK stopped (its queue sent) when the app closes. */
async function errorReporting(app: FastifyInstance, { reports }: { reports: ErrorReports }): Promise<void> {
  app.decorate('errorReports', reports);
  app.addHook('onClose', () => reports.close());
}

export default fp(errorReporting, { name: 'error-reporting' });
