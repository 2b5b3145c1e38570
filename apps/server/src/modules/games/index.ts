import { studioBrands, titles } from '@chrysos/games';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { houseStudio } from '../../platform/config.ts';
import { GamesCatalogue } from './catalogue.ts';
import { importStudioFeed, type StudioFeed } from './import-studio-titles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    gamesCatalogue: GamesCatalogue;
  }
}

export interface GamesCataloguePluginOptions {
  /** Titles to import instead of the in-house studio's list (tests bring their own). */
  feed?: StudioFeed | undefined;
}

/**
 * Imports the in-house studio's titles into the catalogue on every start (an idempotent upsert), then
 * loads the lobby's in-memory copy so the first visitor does not wait for it.
 */
async function gamesCatalogue(app: FastifyInstance, options: GamesCataloguePluginOptions): Promise<void> {
  const feed = options.feed ?? { studio: houseStudio, brands: studioBrands, titles };
  const { imported, skipped } = await importStudioFeed(app.database.db, feed);
  for (const title of skipped)
    app.log.warn({ title: title.id, reason: title.reason }, 'studio title not listed');
  app.log.info({ studio: feed.studio, imported, skipped: skipped.length }, 'games catalogue imported');
  const catalogue = new GamesCatalogue(app.database.db);
  await catalogue.current();
  app.decorate('gamesCatalogue', catalogue);
}

export default fp(gamesCatalogue, { name: 'games-catalogue', dependencies: ['database'] });
