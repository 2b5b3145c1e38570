import { schema } from '@chrysos/db';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { forwarderOf } from './forward.ts';
import { GroupedWriter } from './grouped-writer.ts';
import { recordBets } from './handlers/record-bets.ts';
import { recordJourney } from './handlers/record-journey.ts';
import { type IngestDeps, ingestRoutes } from './ingest-routes.ts';
import { analyticsMetrics } from './metrics.ts';
import { analyticsOperatorRoutes } from './operator-routes.ts';
import { ensurePartitions, monthsAhead } from './partitions.ts';
import { playerAnalyticsRoutes } from './routes.ts';
import { trackPlatformEvents } from './track.ts';
// The services this module decorates the app with (declared in public.ts).
import './public.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Makes the months ahead's partitions and forgets message ids past the de-duplication window (daily). */
    'analytics.maintain': Record<string, never>;
  }
}

/**
 * How long a message id is remembered: a browser's persisted queue re-sends an event at its next visit,
 * so a re-send within this window is still stored once.
 */
const deduplicationDays = 35;

/**
 * Analytics (spec §3, §7, §9; issue 37): the product's own Segment-compatible ingest under /analytics,
 * the session_end beacon and the core API's collect-stats, events stored in PostgreSQL partitioned by
 * month, and optionally forwarded to the operator's Segment destination.
 */
async function analyticsPlugin(app: FastifyInstance): Promise<void> {
  const metrics = analyticsMetrics(app.metrics);
  const forwarder = forwarderOf(app.config, app.log, metrics);
  const writer = new GroupedWriter(app.database.db);
  const deps: IngestDeps = { metrics, writer, stored: (rows) => forwarder?.forward(rows) };

  app.decorate('analytics', {
    async track(db, events, options) {
      const fresh = await trackPlatformEvents(db, events, app.clock.now(), options);
      metrics.received.inc({ source: 'platform', outcome: 'stored' }, fresh.length);
      if (fresh.length > 0) deps.stored(fresh);
    },
  });

  const maintain = async () => {
    const { db } = app.database;
    const now = app.clock.now();
    await ensurePartitions(db, monthsAhead(now));
    const before = new Date(now.getTime() - deduplicationDays * 86_400_000);
    await db.delete(schema.analyticsMessageIds).where(lt(schema.analyticsMessageIds.receivedAt, before));
  };
  app.addHook('onReady', () => ensurePartitions(app.database.db, monthsAhead(app.clock.now())));
  app.jobs.define('analytics.maintain', maintain, { retryLimit: 2 });
  app.jobs.schedule('analytics.maintain', '17 3 * * *');
  if (forwarder) app.addHook('onClose', () => forwarder.close());
  app.events.register(app, [recordJourney, recordBets]);

  await app.register(ingestRoutes(app, deps), { prefix: '/analytics' });
  await app.register(apiScope(playerAnalyticsRoutes(app, deps)));
  await app.register(operatorScope(analyticsOperatorRoutes));
}

export default fp(analyticsPlugin, {
  name: 'analytics',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'clock',
    'jobs',
    'events',
    'metrics',
    'after-response',
    'session',
  ],
});
