import type { EventBus } from '../events.ts';
import type { Metrics } from './registry.ts';

/**
 * The domain-event handlers (events.ts): how far each is behind the head of its stream, read at each
 * scrape in one statement from the positions they store, so every instance reports the same whichever
 * runs the handler; and the failures in a row of the handlers this instance runs.
 */
export function measureEventHandlers(metrics: Metrics, events: EventBus): void {
  metrics.scraped(
    {
      name: 'chrysos_event_handler_lag_events',
      help: 'Rows of its stream the handler has not handled yet (the stream head less its position).',
      labelNames: ['handler', 'stream'],
      // Read from the database, the same in every worker of SERVER_PROCESSES.
      aggregator: 'max',
    },
    async () =>
      (await events.lag()).map(({ handler, stream, behind }) => ({
        labels: { handler, stream },
        value: behind,
      })),
  );
  metrics.scraped(
    {
      name: 'chrysos_event_handler_failures',
      help: 'Failed batches in a row of the handler on this instance (0 once one succeeds).',
      labelNames: ['handler', 'stream'],
      aggregator: 'max',
    },
    () =>
      events
        .status()
        .map(({ handler, stream, failures }) => ({ labels: { handler, stream }, value: failures })),
  );
}
