import { playerNotesApi, playerOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../platform/errors.ts';
import { operatorActor, operatorOf } from '../../../platform/operator-api.ts';
import { playerExists } from '../player-facts.ts';
import { addPlayerNote, playerNotes } from './player-notes.ts';
import { playerOverview } from './player-overview.ts';
import { searchPlayers } from './search-players.ts';

/**
 * The back office's player search, Player 360 and operators' notes (issue 38); never cached
 * (operatorScope). A note is audited in its transaction, under its author.
 */
export const playerOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(playerOperatorApi.search),
    handler: async (request) => searchPlayers(app.database.db, request.query, app.compliance.kycCondition),
  });

  app.route({
    ...routeOf(playerOperatorApi.overview),
    handler: async (request) => {
      const found = await playerOverview(app, request.params.id);
      if (!found) throw new AppError('player.not_found');
      return found;
    },
  });

  app.route({
    ...routeOf(playerNotesApi.list),
    handler: async (request) => {
      if (!(await playerExists(app.database.db, request.params.id))) throw new AppError('player.not_found');
      return playerNotes(app, request.params.id);
    },
  });

  app.route({
    ...routeOf(playerNotesApi.add),
    handler: async (request, reply) => {
      const playerId = request.params.id;
      if (!(await playerExists(app.database.db, playerId))) throw new AppError('player.not_found');
      const note = await app.database.db.transaction(async (tx) => {
        const operator = operatorOf(request);
        const written = await addPlayerNote(app, tx, {
          playerId,
          author: operatorActor(operator),
          authorName: operator.name,
          body: request.body.body,
        });
        await app.recordOperatorAction(tx, request, {
          action: 'player.note_added',
          playerId,
          details: { note: written.id },
        });
        return written;
      });
      return reply.code(201).send(note);
    },
  });
};
