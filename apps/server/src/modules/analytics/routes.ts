import { analyticsApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitOf } from '../../platform/rate-limit.ts';
import type { IngestDeps } from './ingest-routes.ts';

/** The session_end beacon (/api/send-event) and the core API's /v2/collect-stats. */
export function playerAnalyticsRoutes(outer: FastifyInstance, deps: IngestDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // navigator.sendBeacon posts a string as text/plain: its body is the beacon's JSON.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: 4 * 1024 },
      app.getDefaultJsonParser('error', 'error'),
    );

    app.route({
      ...routeOf(analyticsApi.sessionEnd),
      handler: async (request, reply) => {
        const beacon = request.body;
        const receivedAt = outer.clock.now();
        // Answered at once: the page is going away and nothing waits for the answer.
        outer.afterResponse('session_end beacon', async () => {
          const userId = await request.playerId();
          const fresh = await deps.writer.write(
            [
              {
                messageId: beacon.messageId,
                source: 'web',
                type: 'track',
                name: 'session_end',
                userId,
                anonymousId: beacon.anonymousId,
                occurredAt: receivedAt,
                properties: { duration_ms: beacon.duration_ms, path: beacon.path },
                context: { userAgent: request.headers['user-agent'] ?? null },
              },
            ],
            receivedAt,
          );
          deps.metrics.received.inc({ source: 'web', outcome: fresh.length > 0 ? 'stored' : 'duplicate' });
          if (fresh.length > 0) deps.stored(fresh);
        });
        return reply.code(202).send({});
      },
    });

    type Stat = { name: string; value: number; tags: Record<string, string> };
    const storeStats = async (request: FastifyRequest, stats: readonly Stat[]) => {
      const playerId = await request.playerId();
      const receivedAt = outer.clock.now();
      await outer.database.db
        .insert(schema.collectedStats)
        .values(stats.map(({ name, value, tags }) => ({ receivedAt, name, value, tags, playerId })));
    };

    app.route({
      ...routeOf(analyticsApi.collectStats, { rateLimit: limitOf('collectStats') }),
      handler: async (request, reply) => {
        await storeStats(request, [request.body]);
        return reply.code(202).send({});
      },
    });

    app.route({
      ...routeOf(analyticsApi.collectStatsMany, { rateLimit: limitOf('collectStats') }),
      handler: async (request, reply) => {
        await storeStats(request, request.body.stats);
        return reply.code(202).send({});
      },
    });
  };
}
