import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describeError, errorBodyOf, languageOf } from './errors.ts';

/**
 * Answers any error of any route with `{"errors":{…},"codes":{…}}` in the request's language: the
 * caller's mistake as its 4xx and what to correct, a fault of ours as a 500 `internal` that is logged in
 * full, reported to Sentry when it is configured (never a 4xx: those are the callers') and names nothing
 * internal to the caller.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = describeError(error, languageOf(request.headers['accept-language']));
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    request.server.errorReports.report(error, request);
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** A path no route claims: a JSON 404 that says which. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  const code = path.startsWith('/api/') ? 'request.no_api_endpoint' : 'request.no_endpoint';
  const body = errorBodyOf(
    [{ field: 'path', code, params: { method: request.method, path } }],
    languageOf(request.headers['accept-language']),
  );
  return reply.code(404).type('application/json; charset=utf-8').send(body);
}

/**
 * The one error handler and the one not-found handler of the whole app, registered before anything
 * else so every route inherits them: the API, the studio's /games-api, the sandbox PSP, the webhooks,
 * the social sign-in redirects. The web app renders its own error pages; the wallet protocol answers
 * in its own shape (docs/wallet-protocol.md) and keeps a handler for that.
 */
async function errorHandling(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(sendError);
  app.setNotFoundHandler(sendNotFound);
}

export default fp(errorHandling, { name: 'error-handling' });
