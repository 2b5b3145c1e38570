import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * Described besides the player API, each at its own root: the studio's games API, the wallet protocol,
 * the analytics ingest.
 */
const otherApis = ['/games-api/', '/wallet/', '/analytics/'];

/**
 * Collects every route registered after it under /api, /games-api, /wallet and /analytics into an OpenAPI 3.1
 * document. Player API paths are relative to its `/api` server; the games API's and the wallet
 * protocol's paths are whole, with a server of their own (`/`) on each path. Pages are left out.
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
      const { url } = document;
      if (otherApis.some((root) => url.startsWith(root))) return jsonSchemaTransform(document);
      if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
      const transformed = jsonSchemaTransform(document);
      return { ...transformed, url: url.slice('/api'.length) };
    },
    // Fills components.schemas with the contract's named schemas (`.meta({ id })`) the paths refer to.
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as {
        paths?: Record<string, { servers?: { url: string; description: string }[] }>;
      };
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        if (path.startsWith('/games-api/'))
          item.servers = [{ url: '/', description: "The studio's games API (session in x-studio-session)" }];
        if (path.startsWith('/wallet/'))
          item.servers = [{ url: '/', description: 'The seamless-wallet protocol, called by game studios' }];
        if (path.startsWith('/analytics/'))
          item.servers = [
            { url: '/', description: "The analytics ingest: Segment's tracking API and settings" },
          ];
      }
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
}

export default fp(openapi, { name: 'openapi' });
