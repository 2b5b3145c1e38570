import type { PlayerOverview } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountStateColumns, operatorName, presentAccountState } from '../account-status/account-state.ts';
import { presentPlayer } from '../present-player.ts';

/**
 * Player 360's head: the player as they see themselves, whether they are disabled, suspended or closed,
 * their balances.
 */
export async function playerOverview(app: FastifyInstance, playerId: string): Promise<PlayerOverview | null> {
  const { db } = app.database;
  const [player, [row]] = await Promise.all([
    presentPlayer(app, playerId),
    db
      .select({ disabledAt: schema.players.disabledAt, ...accountStateColumns })
      .from(schema.players)
      .where(eq(schema.players.id, playerId)),
  ]);
  if (!player || !row) return null;
  return {
    id: player.id,
    email: player.email,
    first_name: player.first_name,
    last_name: player.last_name,
    country: player.country,
    currency: player.currency,
    status: row.disabledAt ? 'disabled' : 'active',
    created_at: player.created_at,
    language: player.language,
    date_of_birth: player.date_of_birth,
    phone: player.phone,
    city: player.city,
    confirmed: player.confirmed,
    verified: player.verified,
    groups: player.statuses.map((status) => status.id),
    accounts: await app.wallet.accountsOf(db, playerId),
    account_state: presentAccountState(row, await operatorName(app, row.changedBy)),
  };
}
