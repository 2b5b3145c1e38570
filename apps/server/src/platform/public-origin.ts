import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/**
 * The public origin a request's page links to (spec §2: canonical and alternate links per locale and
 * domain): the one of PUBLIC_URLS (or PUBLIC_URL) whose host the request names, else PUBLIC_URL. The
 * Host header only picks among the configured origins, so a forged one never reaches a link.
 */
export function publicOriginOf(
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URLS'>,
  request: FastifyRequest,
): string {
  const host = request.host.toLowerCase();
  return config.PUBLIC_URLS.find((origin) => new URL(origin).host === host) ?? config.PUBLIC_URL;
}
