import type { CompleteRegistrationFields } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { email as emailRule, required, requires } from '@chrysos/rules';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, type Problem, ruleProblem } from '../../platform/errors.ts';

type Row = typeof schema.players.$inferSelect;

/** The same form for a player known by id (auth's POST /auth_providers/update_details). */
export async function completeRegistrationOf(
  app: FastifyInstance,
  playerId: string,
  details: CompleteRegistrationFields,
): Promise<void> {
  const [row] = await app.database.db.select().from(schema.players).where(eq(schema.players.id, playerId));
  if (!row) throw new AppError('auth.sign_in_required');
  await completeRegistration(app, row, details);
}

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
  const problems: Problem[] = [];
  const failed = (field: string) => problems.some((problem) => problem.field === field);
  const updates: Partial<typeof schema.players.$inferInsert> = {};
  const resolved = new Set<string>();
  const missed = new Set(row.authFieldsMissed);

  const email = details.email ?? row.email;
  const emailProblem = required(email) ?? emailRule(email);
  if (emailProblem || email.toLowerCase().endsWith('.invalid')) {
    problems.push(ruleProblem('email', emailProblem ?? { key: 'email' }));
  } else if (email.toLowerCase() !== row.email.toLowerCase()) {
    // Only an address the provider did not give is chosen here; others change with their own checks.
    if (!missed.has('email')) problems.push({ field: 'email', code: 'player.email_locked' });
    else if (await emailTaken(app, email, row.id))
      problems.push({ field: 'email', code: 'auth.email_taken' });
    else Object.assign(updates, { email, confirmedAt: null });
  }
  if (!failed('email')) resolved.add('email');

  // Country and currency are chosen once, while the profile has no country yet.
  const completing = row.country === null;
  let countryDefaultCurrency: string | undefined;
  if (details.country !== undefined) {
    const code = details.country.toUpperCase();
    const country = await app.referenceData.country(code);
    if (!completing && code !== row.country) problems.push({ field: 'country', code: 'player.field_locked' });
    else if (!country) problems.push({ field: 'country', code: 'info.unknown_country' });
    else {
      updates.country = code;
      countryDefaultCurrency = country.defaultCurrency;
      resolved.add('country');
    }
  } else if (completing) {
    problems.push({ field: 'country', code: 'validation.required' });
  }

  const offered = (await app.referenceData.currencies()).map((currency) => currency.code);
  if (details.currency !== undefined) {
    if (!completing && details.currency !== row.currency) {
      problems.push({ field: 'currency', code: 'player.field_locked' });
    } else if (!offered.includes(details.currency)) {
      problems.push({ field: 'currency', code: 'info.currency_not_offered' });
    } else {
      updates.currency = details.currency;
      resolved.add('currency');
    }
  } else if (countryDefaultCurrency && offered.includes(countryDefaultCurrency)) {
    updates.currency = countryDefaultCurrency;
    resolved.add('currency');
  }

  for (const field of ['terms_acceptance', 'age_acceptance'] as const) {
    if (details[field] === true) resolved.add(field);
    else if (missed.has(field)) problems.push({ field, code: 'validation.required' });
  }
  // Age acceptance depends on terms acceptance (spec §4).
  const age = requires(
    details.age_acceptance,
    details.terms_acceptance || row.termsAcceptance,
    'terms_acceptance',
  );
  if (age) problems.push(ruleProblem('age_acceptance', age));
  if (details.terms_acceptance) updates.termsAcceptance = true;
  if (details.age_acceptance) updates.ageAcceptance = true;

  const promos = details.receive_promos ?? row.receivePromos;
  const sms = requires(details.receive_sms_promos, promos, 'receive_promos');
  if (sms) problems.push(ruleProblem('receive_sms_promos', sms));
  if (details.receive_promos !== undefined) updates.receivePromos = details.receive_promos;
  if (details.receive_sms_promos !== undefined) updates.receiveSmsPromos = details.receive_sms_promos;
  if (!promos) updates.receiveSmsPromos = false;

  const [first, ...more] = problems;
  if (first) throw AppError.all([first, ...more]);

  updates.authFieldsMissed = row.authFieldsMissed.filter((field) => !resolved.has(field));
  const chosenCurrency = completing ? updates.currency : undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.update(schema.players).set(updates).where(eq(schema.players.id, row.id));
      // The chosen currency is the player's first account, not just a field of the profile.
      if (chosenCurrency)
        await app.wallet.openChosenAccount(tx, { id: row.id, chosen: chosenCurrency, before: row.currency });
      if (updates.email) {
        const chosen = { playerId: row.id, email: updates.email, language: row.language };
        await app.events.publish(tx, 'player.email_chosen', chosen);
      }
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError('auth.email_taken', { field: 'email', cause: error });
    throw error;
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
