import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { measureDatabasePool } from './database-pool.ts';
import { metricsEndpoint } from './endpoint.ts';
import { measureEventHandlers } from './handler-lag.ts';
import { measureRequests } from './http-requests.ts';
import { measureJobs } from './job-queues.ts';
import { defaultInstance, Metrics } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics: modules define theirs here (their plugin lists `metrics`). */
    metrics: Metrics;
  }
}

/**
 * `app.metrics` and GET /metrics (ARCHITECTURE.md, Operating it): every answer timed, the database
 * pool, the job queues and the event handlers measured, and each module's own metrics defined through
 * `app.metrics`. Registered before any route, so every route's answers are timed. Without
 * METRICS_TOKEN nobody can read them: no /metrics, and no process figures gathered for it.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { METRICS_TOKEN, METRICS_INSTANCE } = app.config;
  const metrics = new Metrics(METRICS_INSTANCE ?? defaultInstance(), app.log);
  app.decorate('metrics', metrics);
  measureRequests(app, metrics);
  measureDatabasePool(metrics, app.database);
  measureJobs(metrics, app.jobs);
  measureEventHandlers(metrics, app.events);
  if (METRICS_TOKEN) {
    metrics.collectProcessMetrics();
    metricsEndpoint(app, metrics, METRICS_TOKEN);
  }
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['config', 'database', 'jobs', 'events'] });
