import type { FastifyInstance } from 'fastify';
import { pruneHistory } from './history.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Every minute: channel history beyond REALTIME_HISTORY_SIZE or older than its TTL goes. */
    'realtime.prune': Record<string, never>;
  }
}

export function defineRealtimeJobs(app: FastifyInstance): void {
  const { REALTIME_HISTORY_SIZE, REALTIME_HISTORY_TTL_SECONDS } = app.config;
  app.jobs.define(
    'realtime.prune',
    () => pruneHistory(app.database.db, REALTIME_HISTORY_SIZE, REALTIME_HISTORY_TTL_SECONDS),
    { retryLimit: 0 },
  );
  app.jobs.schedule('realtime.prune', '* * * * *');
}
