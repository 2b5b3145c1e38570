import { authApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { type Db, schema } from '@chrysos/db';
import { pickReferralParams } from '@chrysos/rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/passwords.ts';
import { countAttempt, limitOf } from '../../platform/rate-limit.ts';
import { announcedPolicyVersions, recordSignUpAcceptance } from '../compliance/public.ts';
import { playerByEmail, presentPlayer, registerPlayer } from '../player/public.ts';
import { processReferral } from '../referral/public.ts';
import { openFirstAccount } from '../wallet/public.ts';
import { sendAccountEmail } from './account-emails.ts';
import { createCredentials, credentialsOf, recordSignIn } from './credentials.ts';
import { isLocked, maximumFailedAttempts } from './lockout.ts';
import { recoveryRoutes } from './recovery-routes.ts';
import { createSession, revokeSession } from './sessions.ts';

const invalidCredentials = () => new AppError('auth.invalid_credentials');

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // The affiliate service is told of each new player once the sign-up has answered.
  const referral = { db: app.database.db, referralUrl: app.config.REFERRAL_URL, log: app.log };
  const { db } = app.database;
  const c = schema.playerCredentials;

  app.route({
    ...routeOf(authApi.captchaChallenge, { rateLimit: limitOf('captchaChallenge') }),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.captcha.challenge();
    },
  });

  await app.register(recoveryRoutes);

  app.route({
    ...routeOf(authApi.signUp, { rateLimit: limitOf('signUp') }),
    handler: async (request, reply) => {
      const { user } = request.body;
      if (await app.captcha.requiredForSignUp(request.ip, user.email)) await app.captcha.demand(user.captcha);
      const domains = app.config.ALLOWED_EMAIL_DOMAINS;
      const domain = user.email.split('@').pop()?.toLowerCase() ?? '';
      if (domains && !domains.includes(domain)) {
        throw new AppError('auth.email_domain_closed', { field: 'email' });
      }
      if (isCommonPassword(user.password)) throw new AppError('auth.common_password', { field: 'password' });

      const country = user.country ? await app.referenceData.country(user.country.toUpperCase()) : undefined;
      if (user.country && !country) throw new AppError('info.unknown_country', { field: 'country' });
      const offered = (await app.referenceData.currencies()).map((currency) => currency.code);
      const currency =
        user.currency ?? country?.defaultCurrency ?? (await app.referenceData.defaultCurrency());
      if (!offered.includes(currency)) {
        throw new AppError('info.currency_not_offered', { field: 'currency' });
      }

      const referralParams = pickReferralParams(request.query);
      // Whether the address is taken is asked from here on (decision 32): a few times per address and
      // client before a captcha, and a known address costs the same password hashing and insert as a
      // new one, found taken only by the insert, so its answer comes no sooner.
      await countAttempt(app.sharedState, 'signUpEmail', user.email.trim().toLowerCase());
      await app.captcha.recordSignUp(request.ip, user.email);
      const passwordHash = await hashPassword(user.password);
      const policyVersions = await announcedPolicyVersions(app);
      const created = await db.transaction(async (tx) => {
        const row = await registerPlayer(tx, {
          email: user.email,
          currency,
          country: country?.code ?? null,
          language: user.language ?? 'en',
          termsAcceptance: user.terms_acceptance,
          ageAcceptance: user.age_acceptance,
          receivePromos: user.receive_promos,
          receiveSmsPromos: user.receive_sms_promos,
          agreedToPartnerPromotions: user.agreed_to_partner_promotions,
          depositBonusCode: user.deposit_bonus_code ?? null,
          referralParams,
        });
        if (row) {
          await createCredentials(tx, row.id, passwordHash, app.clock.now());
          await openFirstAccount(tx, row.id, currency);
          await recordSignUpAcceptance(
            tx as unknown as Db,
            { playerId: row.id, ip: request.ip },
            policyVersions,
            app.clock.now(),
          );
          await app.events.publish(tx, 'auth.player_registered', {
            playerId: row.id,
            method: 'password',
            currency,
            country: country?.code ?? null,
            language: row.language,
            referralParams,
          });
        }
        return row;
      });
      // The address is taken (by an earlier sign-up, or one racing this one): the unique index says so.
      if (!created) throw new AppError('auth.email_taken', { field: 'email' });

      const token = await createSession(
        db,
        created.id,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        app.clock.now(),
      );
      // Devise confirmable: signed in at once, with a welcome email asking to confirm the address.
      app.afterResponse('confirmation email', () => sendAccountEmail(app, created, 'confirmation'));
      app.afterResponse('referral processing', () => processReferral(referral, created, referralParams));
      return reply
        .startSession(token)
        .code(201)
        .send(await presentPlayer(app, created.id));
    },
  });

  app.route({
    ...routeOf(authApi.signIn, { rateLimit: limitOf('signIn') }),
    handler: async (request, reply) => {
      const { email, password, captcha } = request.body.user;
      if (await app.captcha.requiredForSignIn(request.ip)) await app.captcha.demand(captcha);
      const found = await playerByEmail(db, email);
      const held = found && (await credentialsOf(db, found.id));
      const correct = await verifyPassword(held?.passwordHash ?? null, password);
      if (!correct) await app.captcha.recordFailedSignIn(request.ip);
      if (!found || !held) throw invalidCredentials();

      if (isLocked(held.lockedAt, app.clock.now())) {
        // Only someone who knows the password learns that the account is locked.
        throw correct ? new AppError('auth.account_locked') : invalidCredentials();
      }
      if (!correct) {
        // Counted in the database, so parallel wrong guesses cannot slip past the limit.
        const [counted] = await db
          .update(c)
          .set({
            failedAttempts: sql`case when ${c.lockedAt} is null then ${c.failedAttempts} + 1 else 1 end`,
            lockedAt: sql`case when (case when ${c.lockedAt} is null then ${c.failedAttempts} + 1 else 1 end) >= ${maximumFailedAttempts} then ${app.clock.now().toISOString()}::timestamptz else null end`,
          })
          .where(eq(c.playerId, found.id))
          .returning({ failedAttempts: c.failedAttempts });
        if (counted?.failedAttempts === maximumFailedAttempts) {
          app.afterResponse('unlock email', () => sendAccountEmail(app, found, 'unlock'));
        }
        throw invalidCredentials();
      }
      // A time-out or self-exclusion in force is refused with its end by createSession, so only someone
      // who knows the password learns of it; the sign-in is then not counted either.
      const token = await db.transaction(async (tx) => {
        await recordSignIn(tx, found.id, app.clock.now(), 'password');
        await app.events.publish(tx, 'auth.signed_in', { playerId: found.id, method: 'password' });
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
        return createSession(tx, found.id, client, app.clock.now());
      });
      return reply.startSession(token).send(await presentPlayer(app, found.id));
    },
  });

  app.route({
    ...routeOf(authApi.signOut),
    handler: async (request, reply) => {
      const token = request.cookies[sessionCookieName];
      if (token) await revokeSession(db, token, app.clock.now());
      return reply.endSession().code(204).send(null);
    },
  });
};
