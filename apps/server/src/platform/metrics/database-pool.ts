import type { Database } from '@chrysos/db';
import type { Metrics } from './registry.ts';

/**
 * The PostgreSQL pool of this process, read at each scrape (nothing on PGlite, one connection in the
 * process): queries waiting for a connection while every one is busy are the first sign that
 * DATABASE_POOL_SIZE, or the database, is too small for the load.
 */
export function measureDatabasePool(metrics: Metrics, database: Database): void {
  // No series at all without a pool: a gauge without labels would show a pool of 0 connections.
  if (!database.poolUse()) return;
  metrics.scraped(
    {
      name: 'chrysos_db_pool_connections',
      help: 'Connections of the PostgreSQL pool, busy (checked out) or idle.',
      labelNames: ['state'],
    },
    () => {
      const use = database.poolUse();
      if (!use) return [];
      return [
        { labels: { state: 'busy' }, value: use.total - use.idle },
        { labels: { state: 'idle' }, value: use.idle },
      ];
    },
  );
  metrics.scraped(
    {
      name: 'chrysos_db_pool_waiting_queries',
      help: 'Queries waiting for a connection of the PostgreSQL pool.',
    },
    () => {
      const use = database.poolUse();
      return use ? [{ labels: {}, value: use.waiting }] : [];
    },
  );
  metrics.scraped(
    {
      name: 'chrysos_db_pool_max_connections',
      help: 'The most connections the PostgreSQL pool opens (DATABASE_POOL_SIZE).',
    },
    () => {
      const use = database.poolUse();
      return use ? [{ labels: {}, value: use.max }] : [];
    },
  );
}
