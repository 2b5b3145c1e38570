import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { disabledAtSql } from '../player/public.ts';

/** A real-money game session lasts as long as a long evening of play; wins still land after it. */
export const gameSessionLifetimeMs = 12 * 60 * 60 * 1000;

/** Opens a real-money session for one game; the token goes to the studio in the launch URL. */
export async function openGameSession(
  db: Db,
  session: { playerId: string; currency: string; studio: string; gameCode: string },
  lifetimeMs = gameSessionLifetimeMs,
): Promise<string> {
  const token = randomToken();
  await db.insert(schema.gameSessions).values({
    ...session,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/** Built and planned once per database: every wallet call looks its session up. */
function sessionQuery(db: Db) {
  return db
    .select({
      playerId: schema.gameSessions.playerId,
      currency: schema.gameSessions.currency,
      studio: schema.gameSessions.studio,
      gameCode: schema.gameSessions.gameCode,
      expiresAt: schema.gameSessions.expiresAt,
      disabledAt: disabledAtSql(sql`"game_sessions"."player_id"`),
    })
    .from(schema.gameSessions)
    .where(eq(schema.gameSessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('find_game_session');
}
const gameSessionByToken = preparedPerDatabase(sessionQuery);

export async function findGameSession(db: Db, token: string) {
  const query = gameSessionByToken(db);
  const [row] = await query.execute({ tokenHash: hashToken(token) });
  return row;
}
