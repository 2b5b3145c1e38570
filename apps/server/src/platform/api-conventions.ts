import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sendNotFound } from './error-handling.ts';
import { AppError } from './errors.ts';
import openapi from './openapi.ts';
import { validatorCompiler } from './validator.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** API versions a route answers, lowest first; a plain JSON Accept header gets the lowest. */
    apiVersions?: readonly number[];
  }
  interface FastifyRequest {
    /** The API version negotiated from the Accept header. */
    apiVersion: number;
  }
}

/** `application/vnd.s.v2+json` → 2. Any other `vnd.s` form is a malformed version. */
const vendorMediaType = /application\/vnd\.s\.([^+;,\s]*)\+json/i;

export function requestedApiVersion(accept: string | undefined): number | 'malformed' | undefined {
  if (!accept) return undefined;
  const match = vendorMediaType.exec(accept);
  if (!match) return undefined;
  const version = /^v(\d{1,3})$/i.exec(match[1] ?? '');
  return version ? Number(version[1]) : 'malformed';
}

/** Answers a request whose Accept header asks for a version the route does not offer (406). */
async function negotiateVersion(request: FastifyRequest) {
  const supported = request.routeOptions.config.apiVersions ?? [1];
  const requested = requestedApiVersion(request.headers.accept);
  if (requested === undefined) {
    request.apiVersion = supported[0] ?? 1;
    return;
  }
  if (requested === 'malformed' || !supported.includes(requested)) {
    const versions = supported.map((version) => `application/vnd.s.v${version}+json`).join(', ');
    throw new AppError('request.version_not_offered', { field: 'accept', params: { versions } });
  }
  request.apiVersion = requested;
}

/**
 * A module's player-API routes under /api with the conventions every API route shares (spec §7):
 * zod-validated requests and responses, the Accept header choosing the version. Every failure is
 * answered by the app's error handler (platform/error-handling.ts).
 */
export function apiScope(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    await app.register(
      async (api) => {
        api.setValidatorCompiler(validatorCompiler);
        api.setSerializerCompiler(serializerCompiler);
        api.addHook('onRequest', negotiateVersion);
        await api.register(routes);
      },
      { prefix: '/api' },
    );
  };
}

/**
 * What the whole API shares, registered once before any module: the negotiated version on every
 * request, the OpenAPI document of every /api route, and a JSON 404 (never the web app's HTML page)
 * for anything under /api that no route claims.
 */
async function apiConventions(app: FastifyInstance): Promise<void> {
  app.decorateRequest('apiVersion', 0);
  await app.register(openapi);
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.all('/api/*', { schema: { hide: true } }, sendNotFound);
}

export default fp(apiConventions, { name: 'api-conventions' });
