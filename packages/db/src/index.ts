export * from './client.ts';
export { buildConcurrentIndexes, concurrentIndexes } from './concurrent-indexes.ts';
export { pendingMigrations } from './pending-migrations.ts';
export * as schema from './schema/index.ts';
export { seed } from './seed.ts';
