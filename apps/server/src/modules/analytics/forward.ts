import { Analytics } from '@segment/analytics-node';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { EventRow } from './event-row.ts';
import type { AnalyticsMetrics } from './metrics.ts';

export interface Forwarder {
  forward(rows: readonly EventRow[]): void;
  /** Sends what is queued and stops (on close). */
  close(): Promise<void>;
}

/**
 * Hands every stored event to the operator's Segment-compatible destination (ANALYTICS_FORWARD_*), with
 * its own message id, so the destination's de-duplication holds across a re-sent event. The library
 * batches, retries and flushes on its own; a failure is counted and logged, never the write key.
 * Without the setting, there is nothing to forward to.
 */
export function forwarderOf(
  config: Pick<Config, 'ANALYTICS_FORWARD_WRITE_KEY' | 'ANALYTICS_FORWARD_HOST'>,
  log: FastifyBaseLogger,
  metrics: AnalyticsMetrics,
): Forwarder | null {
  if (!config.ANALYTICS_FORWARD_WRITE_KEY) return null;
  const destination = new Analytics({
    writeKey: config.ANALYTICS_FORWARD_WRITE_KEY,
    host: config.ANALYTICS_FORWARD_HOST,
    maxRetries: 4,
  });
  destination.on('error', (error) => {
    metrics.forwarded.inc({ outcome: 'failed' });
    log.warn({ code: error.code, reason: String(error.reason ?? '') }, 'analytics forwarding failed');
  });
  destination.on('http_request', () => metrics.forwarded.inc({ outcome: 'sent' }));
  return {
    forward(rows) {
      for (const row of rows) {
        const who = row.userId ? { userId: row.userId } : { anonymousId: row.anonymousId ?? '' };
        const common = { ...who, messageId: row.messageId, timestamp: row.occurredAt, context: row.context };
        switch (row.type) {
          case 'track':
            destination.track({ ...common, event: row.name ?? '', properties: row.properties });
            break;
          case 'page':
            destination.page({
              ...common,
              ...(row.name ? { name: row.name } : {}),
              properties: row.properties,
            });
            break;
          case 'screen':
            destination.screen({
              ...common,
              ...(row.name ? { name: row.name } : {}),
              properties: row.properties,
            });
            break;
          case 'identify':
            destination.identify({ ...common, traits: row.properties });
            break;
          case 'group': {
            const { groupId, traits } = row.properties as {
              groupId: string;
              traits?: Record<string, unknown>;
            };
            destination.group({ ...common, groupId, traits: traits ?? {} });
            break;
          }
          case 'alias':
            destination.alias({
              userId: row.userId ?? '',
              previousId: String(row.properties.previousId),
              messageId: row.messageId,
              timestamp: row.occurredAt,
            });
            break;
        }
      }
    },
    close: () => destination.closeAndFlush({ timeout: 5_000 }),
  };
}
