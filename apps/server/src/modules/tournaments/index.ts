import type { Db } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { connectRedis } from '../../platform/shared-state.ts';
import { finishTournaments } from './finish-tournaments.ts';
import { notifyWinners } from './handlers/notify-winners.ts';
import { scorePlay } from './handlers/score-play.ts';
import { type Board, DatabaseBoard, RedisBoard, runningTournamentIds } from './leaderboard.ts';
import { tournamentRoutes } from './routes.ts';
import { seedTournaments } from './seed.ts';
// The events this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Finishes every tournament whose end has come: freezes its board and pays its prizes (every minute). */
    'tournaments.finish': Record<string, never>;
  }
}

/**
 * Tournaments with live leaderboards (issue 19, docs/decisions/0025): terms in the database, texts in
 * the content, points from the wallet's events, the board in PostgreSQL with ranks from Redis when
 * REDIS_URL is set, and an end job that pays the prizes through the ledger.
 */
async function tournamentsPlugin(app: FastifyInstance): Promise<void> {
  let board: Board = new DatabaseBoard();
  if (app.config.REDIS_URL) {
    const redis = await connectRedis(app.config.REDIS_URL, app.config.REDIS_KEY_PREFIX);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    board = new RedisBoard(redis);
  }
  const deps = { db: app.database.db, wallet: app.wallet, events: app.events, board };
  const scoredUpTo = (tx: Db) => app.events.positionOf(tx, scorePlay.name, 'ledger');

  app.addHook('onReady', async () => {
    const now = app.clock.now();
    const definitions = app.content
      .list('tournamentsCollection', 'en', { groups: [], abVariants: {}, now })
      .map((item) => ({
        frontendIdentifier: item.data.frontendIdentifier,
        startAt: item.data.startAt,
        endAt: item.data.endAt,
        games: item.data.gamesCollection,
      }));
    const currencies = (await app.referenceData.currencies())
      .filter((currency) => currency.fiat)
      .map((currency) => ({ code: currency.code, subunits: currency.subunits_to_unit }));
    await seedTournaments(app.database.db, definitions, currencies);
    for (const id of await runningTournamentIds(app.database.db))
      await board.rebuild(app.database.db, id, scoredUpTo);
  });

  await app.register(apiScope(tournamentRoutes({ board })));
  app.events.register({ app, board }, [scorePlay]);
  app.events.register(app, [notifyWinners]);
  app.jobs.define('tournaments.finish', () => finishTournaments(deps, app.clock.now()), { retryLimit: 0 });
  app.jobs.schedule('tournaments.finish', '* * * * *');
}

export default fp(tournamentsPlugin, {
  name: 'tournaments',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'jobs',
    'events',
    'clock',
    'content',
    'info',
    'wallet',
    'games',
    'realtime',
    'notifications',
  ],
});
