import { loyaltyOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { playerExists } from '../player/public.ts';
import { awardCompPoints } from './award-comp-points.ts';
import { readCompPoints } from './read.ts';

/**
 * The loyalty programme's part of the operator API (bearer OPERATOR_API_TOKEN): a player's points, and a
 * grant of comp points, which count toward the level like points from play.
 */
export const loyaltyOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const requireKnownPlayer = async (playerId: string) => {
    if (!(await playerExists(db, playerId))) throw new AppError('loyalty.player_not_found');
  };

  app.route({
    ...routeOf(loyaltyOperatorApi.playerPoints),
    handler: async (request) => {
      await requireKnownPlayer(request.params.id);
      return readCompPoints(db, request.params.id, app.clock.now());
    },
  });

  app.route({
    ...routeOf(loyaltyOperatorApi.grantPoints),
    handler: async (request) => {
      const playerId = request.params.id;
      await requireKnownPlayer(playerId);
      const now = app.clock.now();
      await db.transaction(async (tx) => {
        await awardCompPoints(tx, app.events, {
          playerId,
          points: request.body.points,
          reason: `operator: ${request.body.reason}`,
          key: `operator:${request.body.key}`,
          now,
        });
        await app.recordOperatorAction(tx, request, {
          action: 'comp_points.granted',
          playerId,
          details: { points: request.body.points, reason: request.body.reason, key: request.body.key },
        });
      });
      return readCompPoints(db, playerId, now);
    },
  });
};
