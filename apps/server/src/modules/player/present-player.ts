import type { Player } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { isVerified } from '../compliance/public.ts';

/** Spec §3 Player as the API shows it; null when no such player exists. */
export async function presentPlayer(db: Db, playerId: string): Promise<Player | null> {
  const [row] = await db.select().from(schema.players).where(eq(schema.players.id, playerId));
  if (!row) return null;
  const groups = await playerGroups(db, playerId);
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    language: row.language === 'el' ? 'el' : 'en',
    currency: row.currency,
    country: row.country,
    statuses: groups.map((id) => ({ id })),
    auth_fields_missed: row.authFieldsMissed,
    receive_promos: row.receivePromos,
    receive_sms_promos: row.receiveSmsPromos,
    agreed_to_partner_promotions: row.agreedToPartnerPromotions,
    date_of_birth: row.dateOfBirth,
    phone: row.phone,
    city: row.city,
    address: row.address,
    postal_code: row.postalCode,
    confirmed: row.confirmedAt !== null,
    verified: await isVerified(db, playerId),
    password_set: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    current_sign_in_at: row.currentSignInAt?.toISOString() ?? null,
  };
}

export async function playerGroups(db: Db, playerId: string): Promise<string[]> {
  const rows = await db
    .select({ group: schema.playerGroups.group })
    .from(schema.playerGroups)
    .where(eq(schema.playerGroups.playerId, playerId))
    .orderBy(schema.playerGroups.group);
  return rows.map((row) => row.group);
}
