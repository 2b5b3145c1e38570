import { experimentsApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';

/** The core API's A/B test answer (spec §7 `GET /v2/ab/{testId}`, with the page's utm_ parameters). */
export function experimentRoutes(outer: FastifyInstance): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(experimentsApi.ab),
      handler: async (request) => {
        const answer = await outer.experiments.answerFor(request, request.params.testId, request.query);
        if (!answer) throw new AppError('experiments.not_found', { field: 'testId' });
        return answer;
      },
    });
  };
}
