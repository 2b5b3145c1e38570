import { winnersApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../platform/errors.ts';
import { latestWinners, topWinners } from './read.ts';

/** Spec §7 Stats: GET /stats/winners/top and /stats/winners/latest, public, in the request's language. */
export const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.route({
    ...routeOf(winnersApi.top),
    handler: (request) => topWinners(db, languageOf(request.headers['accept-language']), app.clock.now()),
  });
  app.route({
    ...routeOf(winnersApi.latest),
    handler: (request) => latestWinners(db, languageOf(request.headers['accept-language'])),
  });
};
