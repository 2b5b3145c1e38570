import type { ErrorBody } from '@chrysos/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

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

/**
 * The conventions every API route shares (spec §7): zod-validated requests and responses, the
 * Accept header choosing the version, `{"errors":{…}}` bodies for every failure, JSON 404s.
 * Registered inside the /api scope, so the web app keeps its own error pages.
 */
async function apiConventions(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('apiVersion', 0);

  app.addHook('onRequest', async (request, reply) => {
    const supported = request.routeOptions.config.apiVersions ?? [1];
    const requested = requestedApiVersion(request.headers.accept);
    if (requested === undefined) {
      request.apiVersion = supported[0] ?? 1;
      return;
    }
    if (requested === 'malformed' || !supported.includes(requested)) {
      const versions = supported.map((version) => `application/vnd.s.v${version}+json`).join(', ');
      return reply.code(406).send({
        errors: {
          accept: [`This endpoint does not offer the requested API version; it accepts ${versions}`],
        },
      } satisfies ErrorBody);
    }
    request.apiVersion = requested;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));

  // Anything under /api that no route claims is a JSON 404, never the web app's HTML page.
  app.all('/*', { schema: { hide: true } }, async (request, reply) => {
    return reply.code(404).send({
      errors: { path: [`No API endpoint ${request.method} ${request.url.split('?')[0]}`] },
    } satisfies ErrorBody);
  });
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.code(status).send(body);
}

export function describeError(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: { errors: error.errors } };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: ErrorBody['errors'] = {};
    for (const issue of error.validation) {
      // Devise-style bodies wrap fields in `user`; errors name the field itself (spec §7: {"email": [...]}).
      const path = issue.instancePath.replace(/^\/(user\/)?/, '').replaceAll('/', '.');
      const field = path || error.validationContext || 'base';
      errors[field] = [...(errors[field] ?? []), issue.message ?? 'is invalid'];
    }
    return { status: 422, body: { errors } };
  }

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { errors: { body: ['The request body is not valid JSON'] } } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { errors: { body: ['The request body is empty but declared as JSON'] } } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { errors: { content_type: ['Send the request body as application/json'] } },
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { errors: { body: ['The request body is too large'] } } };
  }

  // A SyntaxError from the JSON parser arrives as a 400 without a code of its own.
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return { status: 400, body: { errors: { body: ['The request body is not valid JSON'] } } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, body: { errors: { base: [error.message] } } };
  return { status: 500, body: { errors: { base: ['Something went wrong on our side. Please try again.'] } } };
}

export default fp(apiConventions, { name: 'api-conventions' });
