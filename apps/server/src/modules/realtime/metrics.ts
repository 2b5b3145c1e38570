import type { Metrics } from '../../platform/metrics/registry.ts';
import type { Hub } from './hub.ts';

/**
 * Realtime push on this instance: the publications it sends out, and the WebSocket connections its hub
 * holds (none where an operator's Centrifugo serves the clients, which measures its own).
 */
export function realtimeMetrics(metrics: Metrics) {
  const publications = metrics.counter({
    name: 'chrysos_realtime_publications_total',
    help: 'Publications this instance sent out: to its broker once committed, or to Centrifugo.',
  });
  return {
    published: (count: number) => publications.inc(count),
    measureConnections(hub: Hub) {
      metrics.scraped(
        {
          name: 'chrysos_realtime_connections',
          help: 'WebSocket connections of realtime clients this instance holds.',
        },
        () => [{ labels: {}, value: hub.connections }],
      );
    },
  };
}
