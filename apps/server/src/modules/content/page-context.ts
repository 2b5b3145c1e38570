import { isVisible } from '@chrysos/rules';
import type { AppContext } from '@chrysos/web/app-context';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { browserErrorReporting } from '../../platform/error-reporting/config.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
import { publicOriginOf } from '../../platform/public-origin.ts';
import { sessionLimitThatEnded } from '../auth/public.ts';
import {
  announcedPolicyVersions,
  isBlockedCountry,
  privacyPolicyStatus,
  realityCheckMinutes,
} from '../compliance/public.ts';
import { presentPlayer, viewerOf } from '../player/public.ts';
import { visitorOf } from './visitor-of.ts';

/**
 * Whether React Router runs the root loader for this request: a page (rendered whole, after its action
 * too), or a data request of a navigation or revalidation that names the root (`_routes`) or asks for
 * every route; never a fetcher's action (`.data` POST), whose revalidation comes as its own requests.
 */
export function runsRootLoader(request: { method: string; url: string }): boolean {
  const url = new URL(request.url, 'http://page.invalid');
  if (!url.pathname.endsWith('.data')) return true;
  if (request.method !== 'GET') return false;
  const routes = url.searchParams.get('_routes');
  return routes === null || routes.split(',').includes('root');
}

/**
 * What a page knows of the request it renders for: the visitor's country and licence rules, the
 * signed-in player, the content visible to them, and the player API answered in process (`api`).
 */
export function pageContextOf(app: FastifyInstance) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    api: AppContext['api'],
  ): Promise<Omit<AppContext, 'reportFault'>> => {
    const { config } = app;
    // Content changed on another instance (or by a sync) is reloaded before the page reads it.
    await app.content.current();
    const { countryCode, isBot } = visitorOf(app, request);
    const viewer = await viewerOf(app, request);
    const playerId = await request.playerId();
    // First of the player's reads: whatever is published after it reaches the page's subscriptions. Only
    // the root loader hands the positions on, so a request it does not run for reads none.
    const realtimeSince =
      playerId && runsRootLoader(request) ? await app.realtime.positionsFor(playerId) : null;
    const player = playerId ? await presentPlayer(app, playerId) : null;
    // A cookie whose session is over: ended by the session-time limit, every page says so (not only the
    // page that was open when it ended, which a sign-in redirect may have replaced).
    const token = request.cookies[sessionCookieName];
    const sessionEndedAtLimit = !player && token ? await sessionLimitThatEnded(app.database.db, token) : null;
    // The privacy policy version the player has still to accept (issue 31 item 16), shown from the first paint.
    const policy = player
      ? await privacyPolicyStatus(
          app.database.db,
          player.id,
          await announcedPolicyVersions(app, { reloaded: true }),
          app.clock.now(),
        )
      : null;
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
      iosAppStoreUrl: config.IOS_APP_STORE_URL ?? null,
      errorReporting: browserErrorReporting(config),
      analyticsWriteKey: config.ANALYTICS_WRITE_KEY,
      scriptNonce: reply.scriptNonce,
      origin: publicOriginOf(config, request),
      content: {
        list: (collection, locale) => app.content.list(collection, locale, viewer),
        first: (collection, locale) => app.content.first(collection, locale, viewer),
        bySlug: (collection, locale, slug) =>
          app.content.query({ collection, locale, where: { slug }, limit: 1 }, viewer).items[0] as never,
        isVisible: (settings) => isVisible(settings, viewer),
      },
      player,
      sessionEndedAtLimit,
      realtimeSince: player ? realtimeSince : null,
      privacyPolicyToAccept: policy?.must_accept ? policy.current_version : null,
      api,
    };
  };
}
