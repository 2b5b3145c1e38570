import { contentQuery, contentQueryResult, contentVersion, errorBody } from '@chrysos/contract';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeError, languageOf } from '../../platform/errors.ts';
import { viewerOf } from '../player/public.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/content/query',
    {
      attachValidation: true,
      schema: {
        tags: ['content'],
        summary: 'Items of a content collection visible to the caller',
        body: contentQuery,
        response: { 200: contentQueryResult, 400: errorBody },
      },
    },
    async (request, reply) => {
      // A query naming an unknown collection or a bad filter is a bad request, not a form to correct.
      if (request.validationError) {
        const language = languageOf(request.headers['accept-language']);
        const { body } = describeError(request.validationError as FastifyError, language);
        return reply.code(400).send(body);
      }
      const { total, items } = app.content.query(request.body, await viewerOf(app, request));
      return { version: contentVersion, total, items };
    },
  );
};
