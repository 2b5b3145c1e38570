import { realityCheckApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer } from '../../platform/http-session.ts';
import { summarizeSession } from './summarize-session.ts';

/** The reality check's read (decision 24): the signed-in player's own stakes and wins since a moment. */
export const realityCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(realityCheckApi.sessionSummary),
    handler: async (request) =>
      summarizeSession(app.database.db, await requirePlayer(request), new Date(request.query.since)),
  });
};
