import { studioBrands, titles } from '@chrysos/games';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { GamesCatalogue } from './catalogue.ts';
import { houseStudio } from './config.ts';
import { gameTitlesByCode } from './game-cards.ts';
import { GameFactsByCode } from './game-facts.ts';
import { importStudioFeed } from './import-studio-titles.ts';
import { LaunchGrants } from './launch-grants.ts';
import { gamesRoutes } from './routes.ts';
import { type HouseStudioFeed, studioLauncher, studioPlugin } from './studio.ts';

export interface GamesOptions {
  /** Titles to import and play instead of the in-house studio's list (tests bring their own). */
  feed?: HouseStudioFeed | undefined;
  /** The catalogue already holds the in-house studio's titles (a test's copy of a template): no import. */
  imported?: boolean;
}

/**
 * Imports the in-house studio's titles into the catalogue on every start (an idempotent upsert), then
 * loads the lobby's in-memory copy so the first visitor does not wait for it.
 */
async function gamesCatalogue(app: FastifyInstance, options: GamesOptions): Promise<void> {
  if (!options.imported) {
    const feed = options.feed ?? { studio: houseStudio, brands: studioBrands, titles };
    const { imported, skipped } = await importStudioFeed(app.database.db, feed);
    for (const title of skipped)
      app.log.warn({ title: title.id, reason: title.reason }, 'studio title not listed');
    app.log.info({ studio: feed.studio, imported, skipped: skipped.length }, 'games catalogue imported');
  }
  const catalogue = new GamesCatalogue(app.database.db);
  await catalogue.current();
  app.decorate('gamesCatalogue', catalogue);
  app.decorate('gameFacts', new GameFactsByCode());
  app.decorate('launchGrants', new LaunchGrants());
  app.walletHistory.labelGamesWith(gameTitlesByCode);
  // The in-house studio's game API (/games-api/*), mounted in this process unless it runs apart
  // (STUDIO_URL); a test's feed stands for the studio's own title list, so what the catalogue lists
  // the studio can launch.
  app.decorate('launchAtStudio', studioLauncher(app));
  if (!app.config.STUDIO_URL) {
    await app.register(
      studioPlugin,
      options.feed?.studio === houseStudio ? { titles: options.feed.titles } : {},
    );
  }
  await app.register(apiScope(gamesRoutes));
}

export default fp(gamesCatalogue, {
  name: 'games',
  dependencies: ['database', 'jobs', 'info', 'wallet', 'api-conventions', 'config', 'clock'],
});
