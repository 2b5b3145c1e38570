import { type AnalyticsEvent, analyticsApi, analyticsEvent, analyticsPathLetters } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { publicOriginOf } from '../../platform/public-origin.ts';
import { validatorCompiler } from '../../platform/validator.ts';
import { type EventRow, eventRow } from './event-row.ts';
import type { GroupedWriter } from './grouped-writer.ts';
import type { AnalyticsMetrics } from './metrics.ts';
import { settingsDocument } from './settings-document.ts';
import { type AnalyticsSource, sourceResolver, writeKeyOfAuthorization } from './sources.ts';

/** A batch as the libraries send it, at most this big (analytics-next keeps under about 450 KB). */
const bodyLimit = 512 * 1024;

/**
 * Requests one client address may make to the ingest in a minute, counted by each instance in its own
 * memory: a round trip to shared counters per request would cost more than storing the events. A
 * browser sends a batch every few seconds at most; an address behind which many players sit (a mobile
 * carrier's) stays far below this. The back-end source is not counted.
 */
const perAddressPerMinute = 1_200;

/** The metrics @segment/analytics-next reports (core/stats): invocations of itself and of its plugins. */
const libraryMetrics = new Set([
  'analytics_js.invoke',
  'analytics_js.invoke.error',
  'analytics_js.integration.invoke',
  'analytics_js.integration.invoke.error',
]);

export interface IngestDeps {
  metrics: AnalyticsMetrics;
  /** Where the ingest's events are stored, grouped across requests. */
  writer: GroupedWriter;
  /** Called with the events that were new, once stored (forwarding). */
  stored(rows: readonly EventRow[]): void;
}

/**
 * The ingest under /analytics (@chrysos/contract analyticsApi): Segment's tracking API, so the browser's
 * analytics-next and a back end's analytics-node post to it unchanged.
 */
export function ingestRoutes(outer: FastifyInstance, deps: IngestDeps) {
  const sourceOf = sourceResolver(outer.config);
  const writeKeyOf = (request: FastifyRequest, body: { writeKey?: string | undefined }) =>
    body.writeKey ?? writeKeyOfAuthorization(request.headers.authorization);
  const requireSource = (request: FastifyRequest, body: { writeKey?: string | undefined }) => {
    const source = sourceOf(writeKeyOf(request, body));
    if (!source) throw new AppError('analytics.write_key_unknown', { field: 'writeKey' });
    return source;
  };

  /** Stores what can be kept of `events`; refuses the whole body only when nothing can. */
  async function ingest(
    source: AnalyticsSource,
    events: readonly unknown[],
    shared?: Record<string, unknown>,
  ) {
    const receivedAt = outer.clock.now();
    const rows: EventRow[] = [];
    const rejected: { index: number; reason: string }[] = [];
    events.forEach((candidate, index) => {
      const parsed = analyticsEvent.safeParse(candidate);
      const row = parsed.success
        ? eventRow(parsed.data as AnalyticsEvent, source, receivedAt, shared)
        : `${parsed.error.issues[0]?.path.join('.') || 'event'} is not valid`;
      if (typeof row === 'string') rejected.push({ index, reason: row });
      else rows.push(row);
    });
    deps.metrics.received.inc({ source, outcome: 'rejected' }, rejected.length);
    if (rows.length === 0) {
      throw new AppError('analytics.events_invalid', {
        field: 'batch',
        params: { reason: rejected[0]?.reason ?? 'no events' },
      });
    }
    const fresh = await deps.writer.write(rows, receivedAt);
    deps.metrics.received.inc({ source, outcome: 'stored' }, fresh.length);
    deps.metrics.received.inc({ source, outcome: 'duplicate' }, rows.length - fresh.length);
    if (fresh.length > 0) deps.stored(fresh);
    return rejected.length > 0 ? { success: true as const, rejected } : { success: true as const };
  }

  const routes: FastifyPluginAsyncZod = async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // The libraries send text/plain (no CORS preflight); its body is the event's JSON.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'string', bodyLimit },
      app.getDefaultJsonParser('error', 'error'),
    );
    await app.register(fastifyRateLimit, {
      global: true,
      max: perAddressPerMinute,
      timeWindow: '1 minute',
      allowList: (request) => sourceOf(writeKeyOfAuthorization(request.headers.authorization)) === 'server',
      errorResponseBuilder: (_request, context) =>
        new AppError('rate_limited', { params: { minutes: Math.ceil(context.ttl / 60_000) } }),
    });
    // Pages of any of the site's origins post here: the answer names no one and sets nothing.
    app.addHook('onSend', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && [outer.config.PUBLIC_URL, ...outer.config.PUBLIC_URLS].includes(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'origin');
      }
    });

    app.route({
      ...routeOf(analyticsApi.settings),
      handler: async (request, reply) => {
        if (sourceOf(request.params.writeKey) !== 'web') {
          throw new AppError('analytics.write_key_unknown', { field: 'writeKey' });
        }
        const pipeline = new URL('/analytics/v1', publicOriginOf(outer.config, request));
        // The same for every visitor: browsers and caches may keep it for a few minutes.
        reply.header('cache-control', 'public, max-age=300');
        return settingsDocument(request.params.writeKey, pipeline);
      },
    });

    for (const batch of [analyticsApi.batch, analyticsApi.batchAtSegmentPath]) {
      app.route({
        ...routeOf(batch),
        handler: async (request) => {
          const source = requireSource(request, request.body);
          return ingest(source, request.body.batch, request.body.context);
        },
      });
    }

    app.route({
      ...routeOf(analyticsApi.metrics),
      handler: async (request) => {
        for (const point of request.body.series) {
          // The library's own names only: a label per name anyone could send would grow without end.
          const metric = libraryMetrics.has(point.metric) ? point.metric : 'other';
          deps.metrics.client.inc({ metric });
        }
        return { success: true as const };
      },
    });

    app.route({
      ...routeOf(analyticsApi.event),
      handler: async (request) => {
        const source = requireSource(request, request.body);
        if (request.body.type !== analyticsPathLetters[request.params.letter]) {
          throw new AppError('analytics.events_invalid', {
            field: 'type',
            params: { reason: `a ${request.body.type} is posted to /v1/${request.body.type.charAt(0)}` },
          });
        }
        return ingest(source, [request.body]);
      },
    });
  };
  return routes;
}
