import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry.ts';

/** From a fast API answer to a slow page render; past 10 s the request timeout is near anyway. */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Times every answer by its route's pattern (`/api/player/bonuses/:id`, `*` for the web app's pages),
 * never the raw URL, whose ids and queries would make a series per player; a request no route matched
 * is `unmatched`. Statuses are counted by class (2xx … 5xx), which is what alerts and rates need.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  const duration = metrics.histogram({
    name: 'chrysos_http_request_duration_seconds',
    help: 'HTTP requests from arrival to answer, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
