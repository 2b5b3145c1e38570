/** What other modules may use of games: the only file they import from it. */
import type { GamesCatalogue } from './catalogue.ts';
import type { GameFactsByCode } from './game-facts.ts';
import type { LaunchGrants } from './launch-grants.ts';
import type { StudioLauncher, StudioRoundLookup } from './studio.ts';

export {
  type GameCard,
  gameLinkSql,
  gamesByIdentifier,
  gamesBySeoTitle,
  gameTitlesByCode,
} from './game-cards.ts';
export { importStudioFeed } from './import-studio-titles.ts';
export type { FreespinsAtLaunch } from './launch-grants.ts';
export { type HouseStudioFeed, houseStudioFeed } from './studio.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    gamesCatalogue: GamesCatalogue;
    /** Games by their wallet code, for the handlers that follow play. */
    gameFacts: GameFactsByCode;
    /** Launches a game at the in-house studio through its signed launch call. */
    launchAtStudio: StudioLauncher;
    /** One round of a player at the in-house studio, with what verifies it (signed lookup). */
    roundAtStudio: StudioRoundLookup;
    /** What pays for free spins at a real-money launch, registered by the bonus engine. */
    launchGrants: LaunchGrants;
  }
}
