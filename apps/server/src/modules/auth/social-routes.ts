import { authApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { isLocale, localeCookieName, pickReferralParams } from '@chrysos/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { exclusionInForce } from '../compliance/public.ts';
import { accountBar, completeRegistrationOf, presentPlayer } from '../player/public.ts';
import { processReferral } from '../referral/public.ts';
import { PendingSignIns, SocialClients } from './oidc.ts';
import { createSession } from './sessions.ts';
import { AccountLocked, signInWithIdentity } from './social-sign-in.ts';

/** Holds the id of the sign-in in progress between the redirect to the provider and the callback. */
export const pendingCookieName = 'chrysos_social_sign_in';
const pendingCookiePath = '/users/auth';

const signInPath = (provider: string) => `/users/auth/${provider}`;
const unknownProvider = () => new AppError('auth.provider_unavailable', { field: 'provider' });

/** Spec §7: the providers the sign-in page offers, and completing the details a social sign-in lacked. */
export const socialApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(authApi.authProviders),
    handler: async () =>
      app.config.SOCIAL_PROVIDERS.map(({ name, label }) => ({ name, label, url: signInPath(name) })),
  });

  app.route({
    ...routeOf(authApi.updateDetails),
    handler: async (request) => {
      const playerId = await request.playerId();
      if (!playerId) throw new AppError('auth.sign_in_required');
      await completeRegistrationOf(app, playerId, {
        email: request.body.user.email,
        ...request.body.user.profile_attributes,
      });
      const updated = await presentPlayer(app, playerId);
      if (!updated) throw new AppError('auth.sign_in_required');
      return updated;
    },
  });
};

/**
 * The browser side of social sign-in over OpenID Connect (spec §2, §7): /users/auth/{provider} sends
 * the visitor to the provider, /users/auth/{provider}/callback signs them in and back to the site.
 * Registered at the top level, outside /api, because the browser navigates to them; an error of their
 * own (an unknown provider) is answered by the app's error handler, in JSON as in the API.
 */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  // The affiliate service is told of each new player once the sign-up has answered.
  const referral = { db: app.database.db, referralUrl: app.config.REFERRAL_URL, log: app.log };
  const { db } = app.database;
  const clients = new SocialClients(app.config.SOCIAL_PROVIDERS);
  const pending = new PendingSignIns(app.sharedState);

  const localeOf = (request: FastifyRequest, query: Record<string, unknown>): 'en' | 'el' => {
    if (isLocale(query.locale)) return query.locale;
    const remembered = request.cookies[localeCookieName];
    return isLocale(remembered) ? remembered : 'en';
  };
  /**
   * Back to the sign-in form, which says what went wrong (`locked`, `excluded` with the end of the
   * exclusion in `until` unless it is permanent, `suspended` or `closed` by an operator, or anything
   * else as `1`).
   */
  const failed = (
    reply: FastifyReply,
    locale: 'en' | 'el',
    reason: 'locked' | 'excluded' | 'suspended' | 'closed' | '1' = '1',
    until: Date | null = null,
  ) =>
    reply.redirect(
      `${locale === 'el' ? '/el' : ''}/users/sign_in?social_error=${reason}${until ? `&until=${encodeURIComponent(until.toISOString())}` : ''}`,
      302,
    );

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/users/auth/:provider',
    { config: { rateLimit: limitOf('socialSignInStart') } },
    async (request, reply) => {
      const provider = clients.get(request.params.provider);
      if (!provider) throw unknownProvider();
      const locale = localeOf(request, request.query);
      const redirectUri = `${app.config.PUBLIC_URL}${signInPath(provider.name)}/callback`;
      let started: Awaited<ReturnType<SocialClients['startSignIn']>>;
      try {
        started = await clients.startSignIn(provider, redirectUri);
      } catch (error) {
        request.log.warn(
          { provider: provider.name, error: summary(error) },
          'social sign-in could not start',
        );
        return failed(reply, locale);
      }
      const id = await pending.add({
        provider: provider.name,
        redirectUri,
        checks: started.checks,
        referralParams: pickReferralParams(request.query),
        locale,
      });
      return reply
        .setCookie(pendingCookieName, id, {
          path: pendingCookiePath,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET navigation, which still carries it.
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: PendingSignIns.lifetimeMs / 1000,
        })
        .redirect(started.url.href, 302);
    },
  );

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/users/auth/:provider/callback',
    async (request, reply) => {
      const provider = clients.get(request.params.provider);
      if (!provider) throw unknownProvider();
      const id = request.cookies[pendingCookieName];
      const started = id ? await pending.take(id) : undefined;
      reply.clearCookie(pendingCookieName, { path: pendingCookiePath });
      if (!started || started.provider !== provider.name) {
        request.log.warn(
          { provider: provider.name },
          'social sign-in callback without a sign-in in progress',
        );
        return failed(reply, started?.locale ?? localeOf(request, {}));
      }

      try {
        const callbackUrl = new URL(started.redirectUri);
        const queryStart = request.url.indexOf('?');
        callbackUrl.search = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
        const claims = await clients.finishSignIn(provider, callbackUrl, started.checks);
        const signedIn = await signInWithIdentity(db, {
          provider: provider.name,
          claims,
          locale: started.locale,
          referralParams: started.referralParams,
          defaultCurrency: await app.referenceData.defaultCurrency(),
          events: app.events,
          now: app.clock.now(),
        });
        const barred = await accountBar(db, signedIn.playerId);
        if (barred) {
          // The sign-in form says so (auth.account_suspended, auth.account_closed).
          request.log.info({ provider: provider.name }, `social sign-in refused: the account is ${barred}`);
          return failed(reply, started.locale, barred);
        }
        const excluded = await exclusionInForce(db, signedIn.playerId, app.clock.now());
        if (excluded) {
          // The sign-in form says until when (compliance.excluded_until) or that it is for good.
          request.log.info({ provider: provider.name }, 'social sign-in refused: the player is excluded');
          return failed(reply, started.locale, 'excluded', excluded.endsAt);
        }
        const token = await createSession(
          db,
          signedIn.playerId,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
          app.clock.now(),
        );
        request.log.info(
          { provider: provider.name, playerId: signedIn.playerId, created: signedIn.created },
          'social sign-in',
        );
        if (signedIn.created && claims.email) {
          // Affiliates hear of a referred sign-up the same way whichever door the player came through.
          const player = { id: signedIn.playerId, email: claims.email };
          app.afterResponse('referral processing', () =>
            processReferral(referral, player, started.referralParams),
          );
        }
        return reply.startSession(token).redirect(signedIn.language === 'el' ? '/el' : '/', 302);
      } catch (error) {
        if (error instanceof AccountLocked) {
          request.log.info({ provider: provider.name }, 'social sign-in refused: the account is locked');
          return failed(reply, started.locale, 'locked');
        }
        request.log.warn({ provider: provider.name, error: summary(error) }, 'social sign-in failed');
        return failed(reply, started.locale);
      }
    },
  );
}

/** What a failure log line may show: the kind of error and the provider's error code, never tokens. */
function summary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  return {
    name: error.name,
    message: error.message,
    code: fields.code,
    error: fields.error,
    error_description: fields.error_description,
  };
}
