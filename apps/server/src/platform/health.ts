import { health, readiness } from '@chrysos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness and readiness probes for the process manager or load balancer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: health } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply.code(up ? 200 : 503).send({
        status: up ? ('ok' as const) : ('unavailable' as const),
        database: up ? ('up' as const) : ('down' as const),
      });
    },
  );
};
