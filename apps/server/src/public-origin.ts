import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** The site's public origin for absolute links: PUBLIC_URL when set, else the request's own. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  return config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}
