import { authApi, type emailRequestBody } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, languageOf as languageOfHeader } from '../../platform/errors.ts';
import { hashPassword, isCommonPassword } from '../../platform/passwords.ts';
import { limitOf } from '../../platform/rate-limit.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { TemplateName } from '../mail/public.ts';
import { confirmEmail, playerByEmail, presentPlayer } from '../player/public.ts';
import { confirmWithinMs, resetPasswordWithinMs, sendAccountEmail } from './account-emails.ts';
import { credentialsOf } from './credentials.ts';
import { createSession } from './sessions.ts';

const notices = {
  reset_password: {
    en: 'If an account exists for this email, we have sent a link to choose a new password.',
    el: 'Αν υπάρχει λογαριασμός με αυτό το email, σας στείλαμε σύνδεσμο για νέο κωδικό.',
  },
  confirmation: {
    en: 'If this email has an unconfirmed account, we have sent a new confirmation link.',
    el: 'Αν αυτό το email ανήκει σε λογαριασμό χωρίς επιβεβαίωση, σας στείλαμε νέο σύνδεσμο.',
  },
  unlock: {
    en: 'If this email has a locked account, we have sent a link to unlock it.',
    el: 'Αν αυτό το email ανήκει σε κλειδωμένο λογαριασμό, σας στείλαμε σύνδεσμο ξεκλειδώματος.',
  },
  confirmed: {
    en: 'Thank you, your email address is confirmed.',
    el: 'Ευχαριστούμε, η διεύθυνση email σας επιβεβαιώθηκε.',
  },
  confirmedSignIn: {
    en: 'Thank you, your email address is confirmed. Sign in with your password to continue.',
    el: 'Ευχαριστούμε, η διεύθυνση email σας επιβεβαιώθηκε. Συνδεθείτε με τον κωδικό σας για να συνεχίσετε.',
  },
  unlocked: {
    en: 'Your account is unlocked. You can sign in now.',
    el: 'Ο λογαριασμός σας ξεκλειδώθηκε. Μπορείτε να συνδεθείτε.',
  },
} as const;

/** The language of the answer: the page's, sent by the web app as Accept-Language. */
const languageOf = (request: FastifyRequest) => languageOfHeader(request.headers['accept-language']);

/**
 * Devise-style recovery: reset password, confirm email, unlock account. Requests for an email answer
 * the same whether or not the address has an account — and before any lookup work is done — so they
 * reveal nothing about who plays here.
 */
export const recoveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const c = schema.playerCredentials;

  const requestEmail =
    (
      template: TemplateName,
      eligible: (found: { confirmedAt: Date | null; lockedAt: Date | null }) => boolean,
    ) =>
    async (request: FastifyRequest<{ Body: z.infer<typeof emailRequestBody> }>) => {
      const { email } = request.body.user;
      app.afterResponse(`${template} email request`, async () => {
        const found = await playerByEmail(db, email);
        const held = found && (await credentialsOf(db, found.id));
        if (found && eligible({ confirmedAt: found.confirmedAt, lockedAt: held?.lockedAt ?? null })) {
          await sendAccountEmail(app, found, template);
        }
      });
      return { message: notices[template][languageOf(request)] };
    };

  const recoveryEmail = { rateLimit: limitOf('recoveryEmail') };
  app.route({
    ...routeOf(authApi.requestPasswordReset, recoveryEmail),
    handler: requestEmail('reset_password', () => true),
  });
  app.route({
    ...routeOf(authApi.resendConfirmation, recoveryEmail),
    handler: requestEmail('confirmation', (found) => found.confirmedAt === null),
  });
  app.route({
    ...routeOf(authApi.resendUnlock, recoveryEmail),
    handler: requestEmail('unlock', (found) => found.lockedAt !== null),
  });

  app.route({
    ...routeOf(authApi.resetPassword, { rateLimit: limitOf('recoveryToken') }),
    handler: async (request, reply) => {
      const { reset_password_token: token, password } = request.body.user;
      if (isCommonPassword(password)) throw new AppError('auth.common_password', { field: 'password' });
      const passwordHash = await hashPassword(password);
      const now = app.clock.now();
      // One statement finds, checks the age of and spends the token: two uses of one link cannot both win.
      const reset = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(c)
          .set({
            passwordHash,
            resetPasswordTokenHash: null,
            resetPasswordSentAt: null,
            // Proving control of the mailbox also lifts a lock, as in Devise (and confirms it, below).
            failedAttempts: 0,
            lockedAt: null,
            unlockTokenHash: null,
            currentSignInAt: now,
            signInCount: sql`${c.signInCount} + 1`,
          })
          .where(
            and(
              eq(c.resetPasswordTokenHash, hashToken(token)),
              isNotNull(c.resetPasswordSentAt),
              gt(c.resetPasswordSentAt, new Date(now.getTime() - resetPasswordWithinMs)),
            ),
          )
          .returning({ id: c.playerId });
        if (spent) await confirmEmail(tx, spent.id, now);
        return spent;
      });
      if (!reset) {
        throw new AppError('auth.reset_link_invalid', { field: 'reset_password_token' });
      }
      // Whoever knew the old password is signed out everywhere.
      await db
        .update(schema.sessions)
        .set({ revokedAt: now })
        .where(and(eq(schema.sessions.playerId, reset.id), sql`${schema.sessions.revokedAt} is null`));
      // The new password stays; a player on a time-out or self-exclusion gets no session with it, only
      // the refusal sign-in gives (issue 31 item 2).
      const sessionToken = await createSession(
        db,
        reset.id,
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        now,
      );
      return reply.startSession(sessionToken).send(await presentPlayer(app, reset.id));
    },
  });

  app.route({
    ...routeOf(authApi.confirmEmail, { rateLimit: limitOf('recoveryToken') }),
    handler: async (request) => {
      const now = app.clock.now();
      const confirmed = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(c)
          .set({ confirmationTokenHash: null })
          .where(
            and(
              eq(c.confirmationTokenHash, hashToken(request.query.confirmation_token)),
              gt(c.confirmationSentAt, new Date(now.getTime() - confirmWithinMs)),
            ),
          )
          .returning({ id: c.playerId });
        if (spent) await confirmEmail(tx, spent.id, now);
        return spent;
      });
      if (!confirmed) {
        throw new AppError('auth.confirmation_link_invalid', { field: 'confirmation_token' });
      }
      // Opening the link must never switch a browser to the link's account (login CSRF): only the
      // browser that already holds this player's session stays signed in as them.
      const signedIn = (await request.playerId()) === confirmed.id;
      const language = languageOf(request);
      return {
        message: notices[signedIn ? 'confirmed' : 'confirmedSignIn'][language],
        signed_in: signedIn,
      };
    },
  });

  app.route({
    ...routeOf(authApi.unlock, { rateLimit: limitOf('recoveryToken') }),
    handler: async (request) => {
      const [unlocked] = await db
        .update(c)
        .set({ lockedAt: null, failedAttempts: 0, unlockTokenHash: null })
        .where(eq(c.unlockTokenHash, hashToken(request.query.unlock_token)))
        .returning({ id: c.playerId });
      if (!unlocked) throw new AppError('auth.unlock_link_invalid', { field: 'unlock_token' });
      return { message: notices.unlocked[languageOf(request)] };
    },
  });
};
