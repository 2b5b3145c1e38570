import { health, readiness } from '@chrysos/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness fails from now on: the first step of a graceful stop (server.ts). */
    startDraining(): void;
  }
}

/**
 * Liveness and readiness probes for the process manager or load balancer. A draining instance stays
 * live (it finishes what it serves) but is no longer ready, so the balancer sends it nothing new.
 */
const healthPlugin: FastifyPluginAsyncZod = async (app) => {
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });

  app.get('/healthz', { schema: { hide: true, response: { 200: health } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      const up = await app.database.ping();
      const status = draining ? ('draining' as const) : up ? ('ok' as const) : ('unavailable' as const);
      return reply
        .code(status === 'ok' ? 200 : 503)
        .send({ status, database: up ? ('up' as const) : ('down' as const) });
    },
  );
};

// A plugin of the root app, so `startDraining` is the root's and server.ts can call it.
export const healthRoutes = fp(healthPlugin, { name: 'health', dependencies: ['database'] });
