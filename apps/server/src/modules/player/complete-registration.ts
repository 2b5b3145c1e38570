import type { CompleteRegistrationFields } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { email as emailRule, fallbackMessages, messageFor, required } from '@chrysos/rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { sendAccountEmail } from '../auth/public.ts';
import { openChosenAccount } from '../wallet/public.ts';

type Row = typeof schema.players.$inferSelect;

/**
 * The CompleteRegistration form (spec §4): country and currency while the profile has none, plus the
 * fields a social sign-in did not provide. Used by PATCH /player (context complete_registration) and
 * POST /auth_providers/update_details. Every field is checked before anything is written.
 */
export async function completeRegistration(
  app: FastifyInstance,
  row: Row,
  details: CompleteRegistrationFields,
): Promise<void> {
  const { db } = app.database;
  const errors: Record<string, string[]> = {};
  const updates: Partial<typeof schema.players.$inferInsert> = {};
  const resolved = new Set<string>();
  const missed = new Set(row.authFieldsMissed);

  const email = details.email ?? row.email;
  const emailProblem = required(email) ?? emailRule(email);
  if (emailProblem || email.toLowerCase().endsWith('.invalid')) {
    errors.email = [emailProblem ? messageFor(emailProblem) : fallbackMessages.email];
  } else if (email.toLowerCase() !== row.email.toLowerCase()) {
    // Only an address the provider did not give is chosen here; others change with their own checks.
    if (!missed.has('email')) errors.email = ['cannot be changed here'];
    else if (await emailTaken(app, email, row.id)) errors.email = ['has already been taken'];
    else Object.assign(updates, { email, confirmedAt: null });
  }
  if (!errors.email) resolved.add('email');

  // Country and currency are chosen once, while the profile has no country yet.
  const completing = row.country === null;
  let countryDefaultCurrency: string | undefined;
  if (details.country !== undefined) {
    const code = details.country.toUpperCase();
    const country = await app.referenceData.country(code);
    if (!completing && code !== row.country) errors.country = ['cannot be changed'];
    else if (!country) errors.country = ['is not a known country'];
    else {
      updates.country = code;
      countryDefaultCurrency = country.defaultCurrency;
      resolved.add('country');
    }
  } else if (completing) {
    errors.country = [fallbackMessages.required];
  }

  const offered = (await app.referenceData.currencies()).map((currency) => currency.code);
  if (details.currency !== undefined) {
    if (!completing && details.currency !== row.currency) errors.currency = ['cannot be changed'];
    else if (!offered.includes(details.currency)) errors.currency = ['is not offered'];
    else {
      updates.currency = details.currency;
      resolved.add('currency');
    }
  } else if (countryDefaultCurrency && offered.includes(countryDefaultCurrency)) {
    updates.currency = countryDefaultCurrency;
    resolved.add('currency');
  }

  for (const field of ['terms_acceptance', 'age_acceptance'] as const) {
    if (details[field] === true) resolved.add(field);
    else if (missed.has(field)) errors[field] = [fallbackMessages.required];
  }
  // Age acceptance depends on terms acceptance (spec §4).
  if (details.age_acceptance && !(details.terms_acceptance || row.termsAcceptance)) {
    errors.age_acceptance = ['Requires terms_acceptance'];
  }
  if (details.terms_acceptance) updates.termsAcceptance = true;
  if (details.age_acceptance) updates.ageAcceptance = true;

  const promos = details.receive_promos ?? row.receivePromos;
  if (details.receive_sms_promos && !promos) errors.receive_sms_promos = ['Requires receive_promos'];
  if (details.receive_promos !== undefined) updates.receivePromos = details.receive_promos;
  if (details.receive_sms_promos !== undefined) updates.receiveSmsPromos = details.receive_sms_promos;
  if (!promos) updates.receiveSmsPromos = false;

  if (Object.keys(errors).length > 0) throw new AppError(422, errors);

  updates.authFieldsMissed = row.authFieldsMissed.filter((field) => !resolved.has(field));
  const chosenCurrency = completing ? updates.currency : undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.update(schema.players).set(updates).where(eq(schema.players.id, row.id));
      // The chosen currency is the player's first account, not just a field of the profile.
      if (chosenCurrency) await openChosenAccount(tx, row.id, chosenCurrency, row.currency);
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError(422, { email: ['has already been taken'] });
    throw error;
  }
  // A newly chosen address is confirmed like one given at sign-up.
  if (updates.email) {
    const recipient = { id: row.id, email: updates.email, language: row.language };
    app.afterResponse('confirmation email', () => sendAccountEmail(app, recipient, 'confirmation'));
  }
}

async function emailTaken(app: FastifyInstance, address: string, ownId: string): Promise<boolean> {
  const [found] = await app.database.db
    .select({ id: schema.players.id })
    .from(schema.players)
    .where(sql`lower(${schema.players.email}) = lower(${address})`);
  return found !== undefined && found.id !== ownId;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}
