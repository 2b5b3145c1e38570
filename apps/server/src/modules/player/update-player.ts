import type { UpdatePlayerBody } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { adult, confirmed, minimumAgeFor, notArabic, phone, type RuleResult, requires } from '@chrysos/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type Problem, ruleProblem } from '../../platform/errors.ts';
import { isCommonPassword } from '../../platform/passwords.ts';
import { completeRegistration } from './complete-registration.ts';

type Row = typeof schema.players.$inferSelect;

function collect(problems: Problem[], field: string, result: RuleResult) {
  if (result) problems.push(ruleProblem(field, result));
}

function throwIfAny(problems: Problem[]) {
  const [first, ...more] = problems;
  if (first) throw AppError.all([first, ...more]);
}

/** Empty text clears a detail; anything else is stored trimmed. */
const detail = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * PATCH /player: one form per context (spec §7 "context, player"). Everything is validated before
 * anything is written, so a refused update changes nothing.
 */
export async function updatePlayer(
  app: FastifyInstance,
  playerId: string,
  body: UpdatePlayerBody & { sessionToken?: string | undefined },
): Promise<void> {
  const { db } = app.database;
  const [row] = await db.select().from(schema.players).where(eq(schema.players.id, playerId));
  if (!row) throw new AppError('auth.sign_in_required');

  if (body.context === 'profile') return updateProfile(app, row, body.player);
  if (body.context === 'change_password') return changePassword(app, row, body.player, body.sessionToken);
  return completeRegistration(app, row, body.player);
}

async function updateProfile(
  app: FastifyInstance,
  row: Row,
  fields: Extract<UpdatePlayerBody, { context: 'profile' }>['player'],
) {
  const errors: Problem[] = [];
  const firstName = detail(fields.first_name);
  const lastName = detail(fields.last_name);
  const dateOfBirth = detail(fields.date_of_birth);
  const phoneNumber = detail(fields.phone);
  if (firstName) collect(errors, 'first_name', notArabic(firstName));
  if (lastName) collect(errors, 'last_name', notArabic(lastName));
  for (const [field, value] of [
    ['city', fields.city],
    ['address', fields.address],
  ] as const) {
    if (value) collect(errors, field, notArabic(value));
  }
  if (dateOfBirth) collect(errors, 'date_of_birth', adult(dateOfBirth, minimumAgeFor(app.config.LICENSE)));
  if (phoneNumber) collect(errors, 'phone', phone(phoneNumber));
  const receivePromos = fields.receive_promos ?? row.receivePromos;
  const receiveSmsPromos = fields.receive_sms_promos ?? (receivePromos ? row.receiveSmsPromos : false);
  collect(errors, 'receive_sms_promos', requires(receiveSmsPromos, receivePromos, 'receive_promos'));
  throwIfAny(errors);

  await app.database.db
    .update(schema.players)
    .set({
      firstName,
      lastName,
      dateOfBirth,
      phone: phoneNumber,
      city: detail(fields.city),
      address: detail(fields.address),
      postalCode: detail(fields.postal_code),
      receivePromos,
      receiveSmsPromos,
      agreedToPartnerPromotions: fields.agreed_to_partner_promotions,
    })
    .where(eq(schema.players.id, row.id));
}

async function changePassword(
  app: FastifyInstance,
  row: Row,
  fields: Extract<UpdatePlayerBody, { context: 'change_password' }>['player'],
  sessionToken: string | undefined,
) {
  const errors: Problem[] = [];
  // A player who only ever used social sign-in has no current password to give.
  if (!(await app.credentials.currentPasswordAccepted(app.database.db, row.id, fields.current_password))) {
    errors.push({ field: 'current_password', code: 'auth.current_password_wrong' });
  }
  if (fields.password_confirmation !== undefined) {
    collect(errors, 'password_confirmation', confirmed(fields.password_confirmation, fields.password));
  }
  if (isCommonPassword(fields.password)) errors.push({ field: 'password', code: 'auth.common_password' });
  throwIfAny(errors);

  const { db } = app.database;
  await app.credentials.setPassword(db, row.id, fields.password);
  // Every other session ends: someone who knew the old password is signed out.
  await app.endPlayerSessions(db, row.id, app.clock.now(), sessionToken);
}
