import { contactMessage, contactMessageReceipt, errorBody } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';

/** The support page's contact form: validated, stored for the support team, limited per address. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, {
        base: [`Too many messages. Please try again in ${Math.ceil(context.ttl / 60_000)} minutes.`],
      }),
  });

  app.post(
    '/send_contact_message',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['support'],
        summary: 'Send a message to customer support',
        body: contactMessage,
        response: { 201: contactMessageReceipt, 422: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const [stored] = await app.database.db
        .insert(schema.contactMessages)
        .values({ ...request.body, ip: request.ip })
        .returning({ id: schema.contactMessages.id });
      request.log.info({ contactMessage: stored?.id }, 'contact message received');
      return reply.code(201).send({ id: stored?.id ?? '', received: true as const });
    },
  );
};
