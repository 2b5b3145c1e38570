import { isVisible } from '@chrysos/rules';
import type { AppContext } from '@chrysos/web/app-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isBlockedCountry, isBotUserAgent, realityCheckMinutes } from '../compliance/public.ts';
import { countryOfClient } from '../info/public.ts';
import { presentPlayer, viewerOf } from '../player/public.ts';

/**
 * What a page knows of the request it renders for: the visitor's country and licence rules, the
 * signed-in player, the content visible to them, and the player API answered in process (`api`).
 */
export function pageContextOf(app: FastifyInstance) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    api: AppContext['api'],
  ): Promise<AppContext> => {
    const { config } = app;
    const header = config.GEOIP_COUNTRY_HEADER ? request.headers[config.GEOIP_COUNTRY_HEADER] : undefined;
    const countryCode = countryOfClient(request.ip, typeof header === 'string' ? header : undefined);
    const isBot = isBotUserAgent(request.headers['user-agent']);
    const viewer = await viewerOf(app, request);
    const playerId = await request.playerId();
    const player = playerId ? await presentPlayer(app.database.db, playerId) : null;
    // A player's own country of residence decides; a visitor's (or a player who gave none) is by IP.
    const cashierCountry = player?.country ?? countryCode;
    return {
      license: config.LICENSE,
      realityCheckMinutes: realityCheckMinutes(config.LICENSE, config.REALITY_CHECK_MINUTES),
      clientIp: request.ip,
      countryCode,
      isBot,
      blocked: !isBot && isBlockedCountry(countryCode, config.BLOCKED_COUNTRIES),
      cashierDisabled: cashierCountry !== null && config.CASHIER_DISABLED_COUNTRIES.includes(cashierCountry),
      supportEmail: config.SUPPORT_EMAIL,
      mobileAppDomains: config.MOBILE_APP_DOMAINS,
      scriptNonce: reply.scriptNonce,
      origin: config.PUBLIC_URL,
      content: {
        list: (collection, locale) => app.content.list(collection, locale, viewer),
        first: (collection, locale) => app.content.first(collection, locale, viewer),
        bySlug: (collection, locale, slug) =>
          app.content.query({ collection, locale, where: { slug }, limit: 1 }, viewer).items[0] as never,
        isVisible: (settings) => isVisible(settings, viewer),
      },
      player,
      api,
    };
  };
}
