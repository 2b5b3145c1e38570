import type { Player } from '@chrysos/contract';
import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * The row, its groups, whether it is verified (compliance's column) and auth's sign-in facts, in one
 * round trip: every signed-in page reads this. Built and planned once per database.
 */
function playerQuery(
  db: Db,
  verifiedColumn: (playerId: SQLWrapper) => SQL<boolean>,
  signIn: FastifyInstance['credentials'],
) {
  // Qualified by hand: in a select list drizzle writes columns without their table.
  const player = sql`"players"."id"`;
  return db
    .select({
      row: schema.players,
      groups: sql<string[]>`coalesce((select array_agg(g."group" order by g."group") from player_groups g
        where g.player_id = ${player}), '{}')`,
      verified: verifiedColumn(player),
      passwordSet: signIn.passwordSetSql(player),
      currentSignInAt: signIn.currentSignInAtSql(player),
    })
    .from(schema.players)
    .where(eq(schema.players.id, sql.placeholder('playerId')))
    .prepare('present_player');
}
const playerById = preparedPerDatabase(playerQuery);

/** Spec §3 Player as the API shows it; null when no such player exists. */
export async function presentPlayer(app: FastifyInstance, playerId: string): Promise<Player | null> {
  const query = playerById(app.database.db, app.compliance.verifiedColumn, app.credentials);
  const [found] = await query.execute({ playerId });
  if (!found) return null;
  const { row, groups, verified, passwordSet, currentSignInAt } = found;
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
    verified,
    password_set: passwordSet,
    created_at: row.createdAt.toISOString(),
    current_sign_in_at: currentSignInAt?.toISOString() ?? null,
  };
}

/** Built once per database: every signed-in page reads the viewer's groups. */
const groupsOfPlayer = preparedPerDatabase((db: Db) =>
  db
    .select({ group: schema.playerGroups.group })
    .from(schema.playerGroups)
    .where(eq(schema.playerGroups.playerId, sql.placeholder('playerId')))
    .orderBy(schema.playerGroups.group)
    .prepare('player_groups'),
);

export async function playerGroups(db: Db, playerId: string): Promise<string[]> {
  const rows = await groupsOfPlayer(db).execute({ playerId });
  return rows.map((row) => row.group);
}
