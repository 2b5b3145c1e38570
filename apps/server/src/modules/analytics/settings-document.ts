/**
 * The analytics queue's constants (spec §9) where the library takes them from its settings document:
 * batches of 10 flushed after 5,000 ms, up to 4 attempts with a random back-off of at most 5 s, metrics
 * flushed every 30 s from a queue of 20. The payload limit (about 450 KB) and the keepalive chunks (about
 * 64 KB) are the library's own; the pre-load buffer (6 events per poll, 1,500 ms apart) is the web app's.
 */
export const analyticsQueue = {
  batchSize: 10,
  flushTimeoutMs: 5_000,
  maxAttempts: 4,
  maxBackoffSeconds: 5,
  metricsFlushMs: 30_000,
  metricsQueue: 20,
} as const;

/**
 * The settings document of the browser's source (`GET {cdn}/v1/projects/{writeKey}/settings`), as
 * @segment/analytics-next reads it: deliver to `pipeline` (the ingest's host and path, e.g.
 * `casino.example/analytics/v1`) in batches, with the spec's retry and metrics constants. No other
 * destination runs in the browser: forwarding, if any, is the server's.
 */
export function settingsDocument(writeKey: string, pipeline: URL) {
  const apiHost = `${pipeline.host}${pipeline.pathname.replace(/\/$/, '')}`;
  const protocol = pipeline.protocol === 'http:' ? 'http' : 'https';
  return {
    integrations: {
      'Segment.io': {
        apiKey: writeKey,
        apiHost,
        protocol,
        unbundledIntegrations: [],
        addBundledMetadata: true,
        maybeBundledConfigIds: {},
        deliveryStrategy: {
          strategy: 'batching',
          config: { size: analyticsQueue.batchSize, timeout: analyticsQueue.flushTimeoutMs },
        },
        httpConfig: {
          backoffConfig: {
            maxRetryCount: analyticsQueue.maxAttempts,
            maxBackoffInterval: analyticsQueue.maxBackoffSeconds,
          },
        },
      },
    },
    plan: {
      track: { __default: { enabled: true, integrations: {} } },
      identify: { __default: { enabled: true } },
      group: { __default: { enabled: true } },
    },
    edgeFunction: {},
    analyticsNextEnabled: true,
    middlewareSettings: {},
    enabledMiddleware: {},
    metrics: {
      sampleRate: 1,
      host: apiHost,
      protocol,
      flushTimer: analyticsQueue.metricsFlushMs,
      maxQueueSize: analyticsQueue.metricsQueue,
    },
    legacyVideoPluginsEnabled: false,
    remotePlugins: [],
  };
}
