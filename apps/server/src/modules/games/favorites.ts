import { type Db, schema } from '@chrysos/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const f = schema.favoriteGames;
const r = schema.recentGames;

async function existingGame(db: Db, identifier: string): Promise<number> {
  const [game] = await db
    .select({ id: schema.games.id })
    .from(schema.games)
    .where(eq(schema.games.identifier, identifier));
  if (!game) throw new AppError('games.favorite_not_found', { field: 'id', params: { id: identifier } });
  return game.id;
}

/** PUT /player/favorite_games/{id}: marking a favourite twice keeps the first mark. */
export async function addFavorite(db: Db, playerId: string, identifier: string): Promise<void> {
  const gameId = await existingGame(db, identifier);
  await db.insert(f).values({ playerId, gameId }).onConflictDoNothing();
}

/** DELETE /player/favorite_games/{id}: removing one that is not a favourite changes nothing. */
export async function removeFavorite(db: Db, playerId: string, identifier: string): Promise<void> {
  const gameId = await existingGame(db, identifier);
  await db.delete(f).where(and(eq(f.playerId, playerId), eq(f.gameId, gameId)));
}

/** The ids of the games the player launched for real money, the latest first. */
export async function recentIds(db: Db, playerId: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ gameId: r.gameId })
    .from(r)
    .where(eq(r.playerId, playerId))
    .orderBy(desc(r.lastPlayedAt), asc(r.gameId))
    .limit(limit);
  return rows.map((row) => row.gameId);
}
