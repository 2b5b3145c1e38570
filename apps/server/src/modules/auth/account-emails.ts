import { type Db, schema } from '@chrysos/db';
import { localizePath } from '@chrysos/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { sentRecently, type TemplateName } from '../mail/public.ts';

/** Devise recoverable: a reset link works for 6 hours. */
export const resetPasswordWithinMs = 6 * 60 * 60 * 1000;
/** Devise confirmable: a confirmation link works for 3 days; a new one can be asked for after that. */
export const confirmWithinMs = 3 * 24 * 60 * 60 * 1000;
/** One email of a kind per address per minute, however often it is asked for. */
export const resendAfterMs = 60 * 1000;

const links: Record<TemplateName, { path: string; param: string }> = {
  confirmation: { path: '/users/confirmation', param: 'confirmation_token' },
  reset_password: { path: '/users/password/edit', param: 'reset_password_token' },
  unlock: { path: '/users/unlock', param: 'unlock_token' },
};

const tokenColumns = {
  confirmation: { confirmationTokenHash: 'hash', confirmationSentAt: 'now' },
  reset_password: { resetPasswordTokenHash: 'hash', resetPasswordSentAt: 'now' },
  unlock: { unlockTokenHash: 'hash' },
} as const;

interface Recipient {
  id: string;
  email: string;
  language: string;
}

/**
 * Issues a fresh one-time token of this kind (replacing any earlier one, so only the newest link
 * works) and emails its link in the player's language. Asked again within a minute, it does nothing.
 * `db`: the caller's transaction, when it runs in one (an event handler).
 */
export async function sendAccountEmail(
  app: FastifyInstance,
  player: Recipient,
  template: TemplateName,
  db: Db = app.database.db,
): Promise<void> {
  if (await sentRecently(db, player.email, template, resendAfterMs)) return;
  const now = app.clock.now();
  const token = randomToken();
  const values = Object.fromEntries(
    Object.entries(tokenColumns[template]).map(([column, kind]) => [
      column,
      kind === 'hash' ? hashToken(token) : now,
    ]),
  );
  await db
    .update(schema.playerCredentials)
    .set(values)
    .where(eq(schema.playerCredentials.playerId, player.id));
  const language = player.language === 'el' ? 'el' : 'en';
  const { path, param } = links[template];
  const link = `${app.config.PUBLIC_URL}${localizePath(path, language)}?${param}=${token}`;
  await app.mailer.send(player.email, template, language, link, db);
}
