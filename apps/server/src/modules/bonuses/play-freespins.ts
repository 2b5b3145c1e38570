import { type Db, schema } from '@chrysos/db';
import { and, eq, lte } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { gamesByIdentifier } from '../games/public.ts';

const f = schema.playerFreespins;

/**
 * POST /player/freespins/:id/activation: the spins start (issued → activated) and the answer is the
 * game page that plays them (`/game/<urlId>?freespins=<id>`, whose launch hands the grant to the studio).
 */
export async function playFreespins(
  db: Db,
  events: Pick<EventBus, 'publish'>,
  playerId: string,
  id: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [spins] = await tx
      .select()
      .from(f)
      .where(and(eq(f.id, id), eq(f.playerId, playerId), lte(f.availableAt, now)))
      .for('update');
    if (!spins) throw new AppError('bonuses.freespins_not_found');
    if (
      !['issued', 'activated'].includes(spins.stage) ||
      spins.expiresAt <= now ||
      spins.played >= spins.count
    ) {
      throw new AppError('bonuses.freespins_not_playable');
    }
    if (spins.stage === 'issued') {
      await tx.update(f).set({ stage: 'activated', activatedAt: now }).where(eq(f.id, id));
      await events.publish(tx, 'bonuses.freespins_changed', {
        freespinsId: id,
        playerId,
        stage: 'activated',
        pushed: false,
      });
    }
    const [game] = await gamesByIdentifier(tx, [spins.gameIdentifier]);
    return `/game/${encodeURIComponent(game?.seoTitle ?? spins.gameCode)}?freespins=${id}`;
  });
}

/**
 * The grant a real-money launch of a game (`provider`, `game`: its urlId or code, as the launch names it)
 * carries for these spins: the studio plays them as `is_free` bets at their value. Refused: spins of
 * another player, game or currency, not started (POST /player/freespins/:id/activation starts them), or
 * none left.
 */
export async function freespinsGrant(
  db: Db,
  spins: { id: string; playerId: string; currency: string; provider: string; game: string },
  now: Date,
): Promise<{ grant: string; count: number; stake: number }> {
  const [row] = await db
    .select({
      id: f.id,
      count: f.count,
      played: f.played,
      value: f.value,
      expiresAt: f.expiresAt,
      gameIdentifier: f.gameIdentifier,
    })
    .from(f)
    .where(
      and(
        eq(f.id, spins.id),
        eq(f.playerId, spins.playerId),
        eq(f.currency, spins.currency),
        eq(f.stage, 'activated'),
      ),
    );
  const [game] = row ? await gamesByIdentifier(db, [row.gameIdentifier]) : [];
  const launched =
    game?.provider === spins.provider &&
    (game.seoTitle === spins.game || game.identifier === `${spins.provider}:${spins.game}`);
  if (!row || !launched) throw new AppError('bonuses.freespins_not_found', { field: 'freespins' });
  if (row.expiresAt <= now || row.played >= row.count) {
    throw new AppError('bonuses.freespins_not_playable', { field: 'freespins' });
  }
  return { grant: row.id, count: row.count - row.played, stake: row.value };
}
