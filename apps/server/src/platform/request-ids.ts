import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The header a balancer stamps on each request (HAProxy `unique-id-header X-Request-ID`), and we answer with. */
export const requestIdHeader = 'x-request-id';

/** What an id may look like: it is written into every log line, so nothing that could break one. */
const wellFormed = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Every request's id, the same in the logs of every instance it touches: the balancer's when it sent a
 * well-formed one, else a new UUID (Fastify's own ids, req-1, req-2 …, repeat on every process).
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
}

/** Answers every request with its id, so a player's report or a client's log points at the server's lines. */
async function requestIds(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
}

export default fp(requestIds, { name: 'request-ids' });
