import { type Database, pendingMigrations } from '@chrysos/db';
import { studioMigrations } from '@chrysos/games/migrations';
import type { Config } from '../platform/config.ts';

/** The database is behind this release: serving would fail on columns that are not there yet. */
export class SchemaBehind extends Error {}

/**
 * What `serve` checks instead of migrating, on a deployment's PostgreSQL: the schema holds every
 * migration this release brings (the platform's, and the in-house studio's when it runs here). A schema
 * ahead of the release is fine: the next release's expand step, made for the instances still on this one.
 */
export async function refuseUnlessMigrated(database: Database, config: Config): Promise<void> {
  const pending = [
    ...(await pendingMigrations(database.db)),
    ...(config.STUDIO_URL
      ? []
      : (await pendingMigrations(database.db, studioMigrations)).map((tag) => `studio ${tag}`)),
  ];
  if (pending.length === 0) return;
  throw new SchemaBehind(
    `The database lacks ${pending.length} migration(s) of this release (first: ${pending[0]}): run \`npm run migrate\` with the same DATABASE_URL, then start again.`,
  );
}
