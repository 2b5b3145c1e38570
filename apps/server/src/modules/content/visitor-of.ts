import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isBotUserAgent } from '../compliance/public.ts';
import { countryOfClient } from '../info/public.ts';

/**
 * Who a page is rendered for, as far as the request tells: the country (the trusted CDN header, else
 * GeoIP) and whether it is a bot. The page context and the render cache's key read it the same way.
 */
export function visitorOf(app: FastifyInstance, request: FastifyRequest) {
  const name = app.config.GEOIP_COUNTRY_HEADER;
  const header = name ? request.headers[name] : undefined;
  return {
    countryCode: countryOfClient(request.ip, typeof header === 'string' ? header : undefined),
    isBot: isBotUserAgent(request.headers['user-agent']),
  };
}
