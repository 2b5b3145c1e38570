import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { GamesCatalogue } from './catalogue.ts';
import { houseStudio } from './config.ts';
import { gameTitlesByCode } from './game-cards.ts';
import { GameFactsByCode } from './game-facts.ts';
import { LaunchGrants } from './launch-grants.ts';
import { gamesOperatorRoutes } from './operator-routes.ts';
import { gamesRoutes } from './routes.ts';
import { type HouseStudioFeed, studioLauncher, studioPlugin, studioRoundLookup } from './studio.ts';

export interface GamesOptions {
  /** Titles the in-house studio plays instead of its own list (tests bring their own, imported by the deploy step). */
  feed?: HouseStudioFeed | undefined;
}

/**
 * Loads the lobby's in-memory copy of the catalogue, which the deploy step filled (deploy/deploy-steps.ts),
 * so the first visitor does not wait for it.
 */
async function gamesCatalogue(app: FastifyInstance, options: GamesOptions): Promise<void> {
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
  app.decorate('roundAtStudio', studioRoundLookup(app));
  if (!app.config.STUDIO_URL) {
    await app.register(
      studioPlugin,
      options.feed?.studio === houseStudio ? { titles: options.feed.titles } : {},
    );
  }
  await app.register(apiScope(gamesRoutes));
  // The player's rounds on Player 360, for the operators whose role reads them.
  await app.register(operatorScope(gamesOperatorRoutes));
}

export default fp(gamesCatalogue, {
  name: 'games',
  dependencies: [
    'database',
    'jobs',
    'info',
    'wallet',
    'api-conventions',
    'config',
    'clock',
    'operators',
    'operator-actions',
  ],
});
