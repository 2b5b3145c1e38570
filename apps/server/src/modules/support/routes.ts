import { supportApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitOf } from '../../platform/rate-limit.ts';

/** The support page's contact form: validated, stored for the support team, limited per address. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(supportApi.sendContactMessage, { rateLimit: limitOf('contactMessage') }),
    handler: async (request, reply) => {
      const [stored] = await app.database.db
        .insert(schema.contactMessages)
        .values({ ...request.body, ip: request.ip })
        .returning({ id: schema.contactMessages.id });
      request.log.info({ contactMessage: stored?.id }, 'contact message received');
      return reply.code(201).send({ id: stored?.id ?? '', received: true as const });
    },
  });
};
