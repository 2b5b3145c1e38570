import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for Prometheus, behind the bearer token METRICS_TOKEN. Both sides are hashed before the
 * comparison, so it takes the same time whatever the given header's length. Outside the OpenAPI document:
 * no player or studio calls it.
 */
export function metricsEndpoint(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('a bearer token is required\n');
    }
    let exposition: string;
    try {
      exposition = await metrics.exposition();
    } catch (error) {
      // The primary of SERVER_PROCESSES did not gather its workers' metrics: a failed scrape, not a 500.
      request.log.warn({ err: error }, 'metrics not gathered');
      return reply.code(503).type('text/plain; charset=utf-8').send('metrics not gathered, try again\n');
    }
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(exposition);
  });
}
