import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Collects every /api route registered after it into an OpenAPI 3.1 document, with paths relative to
 * its `/api` server; routes outside the API (pages, the wallet protocol, the studio) are left out.
 */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Chrysos Casino API',
        version: '1',
        description:
          'Player API (spec §7). Choose the version with the Accept header: application/vnd.s.v1+json ' +
          '(main API) or application/vnd.s.v2+json (games API); plain application/json gets the lowest ' +
          'version a route offers. Errors are {"errors":{"<field or cause>":["message"]},"codes":{"<field or ' +
          'cause>":["code"]}} with the messages in the language of Accept-Language (el Greek, else English), ' +
          'a stable code beside each (ErrorBody lists every code) and, for codes that have some, their ' +
          '"params" (amounts in minor units).',
      },
      servers: [{ url: '/api' }],
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      return { ...transformed, url: document.url.slice('/api'.length) };
    },
    // Fills components.schemas with the contract's named schemas (`.meta({ id })`) the paths refer to.
    transformObject: jsonSchemaTransformObject,
  });
}

export default fp(openapi, { name: 'openapi' });
