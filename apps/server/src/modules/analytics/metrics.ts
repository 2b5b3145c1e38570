import type { Metrics } from '../../platform/metrics/registry.ts';

/** What the ingest counts, for the operator's dashboard and alerts. */
export function analyticsMetrics(metrics: Metrics) {
  return {
    received: metrics.counter({
      name: 'chrysos_analytics_events_total',
      help: 'Analytics events received, by source and outcome: stored, duplicate (a re-sent message id) or rejected.',
      labelNames: ['source', 'outcome'],
    }),
    client: metrics.counter({
      name: 'chrysos_analytics_client_metrics_total',
      help: "The browser library's own delivery metrics (analytics_js.*), as it reports them every 30 s.",
      labelNames: ['metric'],
    }),
    forwarded: metrics.counter({
      name: 'chrysos_analytics_forwarded_total',
      help: 'Requests to the configured Segment-compatible destination (sent), and events it failed to take (failed).',
      labelNames: ['outcome'],
    }),
  };
}

export type AnalyticsMetrics = ReturnType<typeof analyticsMetrics>;
