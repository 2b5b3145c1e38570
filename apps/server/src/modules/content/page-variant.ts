import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOriginOf } from '../../platform/public-origin.ts';
import { visitorOf } from './visitor-of.ts';

/**
 * What an anonymous page depends on besides its URL and language (platform/render-cache.ts keys on it):
 * the visitor's country and bot-ness as the page context reads them (games, restrictions, the block
 * page), the public origin its links are on (PUBLIC_URLS), the day of the date rules in the operator's
 * time zone (and a test's move of the clock), the versions of the content and the games catalogue
 * — read from the database, so a change made on any instance shows on the next page — and the visitor's
 * variation of each running A/B test, so two visitors in different groups never get each other's page.
 */
export function pageVariantOf(app: FastifyInstance) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: app.config.TIME_ZONE });
  return async (request: FastifyRequest): Promise<string> => {
    const { countryCode, isBot } = visitorOf(app, request);
    const [content, catalogue, variants] = await Promise.all([
      app.content.current(),
      app.gamesCatalogue.current(),
      app.experiments.variantsOf(request),
    ]);
    return [
      countryCode ?? '-',
      isBot ? 'bot' : '',
      publicOriginOf(app.config, request),
      day.format(app.clock.now()),
      app.clock.moves,
      content,
      catalogue.version,
      // Sorted, so the same variants make the same key whichever order the experiments were read in.
      JSON.stringify(Object.entries(variants).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    ].join('|');
  };
}
