import { buildConcurrentIndexes, type Database, seed } from '@chrysos/db';
import { studioMigrations } from '@chrysos/games/migrations';
import type { FastifyBaseLogger } from 'fastify';
import { seedContent } from '../modules/content/public.ts';
import { type HouseStudioFeed, houseStudioFeed, importStudioFeed } from '../modules/games/public.ts';
import type { Config } from '../platform/config.ts';
import { holdingDeployLock } from './deploy-lock.ts';

export interface DeployStepOptions {
  /** Seed the content files of CONTENT_DIR (default); tests on a template that holds them skip it. */
  content?: boolean;
  /** The titles to import into the games catalogue: the in-house studio's (default), a test's, or none. */
  titles?: HouseStudioFeed | false;
}

/**
 * What a deploy does once, before any instance of the release serves (`npm run migrate`; `npm start`
 * does it in-process on embedded PGlite): the platform's migrations and the indexes built beside them,
 * the reference data, the in-house
 * studio's migrations when it runs in this process, the content seed and the studio's titles. Every step
 * is idempotent, and they run under one advisory lock, so a second deploy waits and finds them done.
 */
export async function runDeploySteps(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  options: DeployStepOptions = {},
): Promise<void> {
  await holdingDeployLock(database, async () => {
    await database.migrate();
    const indexes = await buildConcurrentIndexes(database);
    if (indexes.length > 0) log.info({ indexes }, 'indexes built');
    await seed(database.db);
    // The studio's schema after the platform's: its first migration moves tables the platform once kept.
    if (!config.STUDIO_URL) await database.migrate(studioMigrations);
    if (options.content !== false) {
      const seeded = await seedContent(database.db, config.CONTENT_DIR, config.LICENSE);
      log.info(seeded, 'content seeded');
    }
    const feed = options.titles ?? houseStudioFeed;
    if (feed) {
      const { imported, skipped } = await importStudioFeed(database.db, feed);
      for (const title of skipped)
        log.warn({ title: title.id, reason: title.reason }, 'studio title not listed');
      log.info({ studio: feed.studio, imported, skipped: skipped.length }, 'games catalogue imported');
    }
  });
  log.info({ database: database.kind }, 'deploy steps done');
}
