import { contentApi, contentVersion } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeError, languageOf } from '../../platform/errors.ts';
import { viewerOf } from '../player/public.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(contentApi.query),
    attachValidation: true,
    handler: async (request, reply) => {
      // A query naming an unknown collection or a bad filter is a bad request, not a form to correct.
      if (request.validationError) {
        const language = languageOf(request.headers['accept-language']);
        const { body } = describeError(request.validationError as FastifyError, language);
        return reply.code(400).send(body);
      }
      const { total, items } = app.content.query(request.body, await viewerOf(app, request));
      return { version: contentVersion, total, items };
    },
  });
};
