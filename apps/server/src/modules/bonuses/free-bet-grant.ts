import { type Db, schema } from '@chrysos/db';
import { and, eq, gt, lt } from 'drizzle-orm';
import { gamesByIdentifier } from '../games/public.ts';
import type { FreeBet } from '../wallet/public.ts';

const f = schema.playerFreespins;

/**
 * Whether free spins of this player pay for a studio's free bet (issue 31 item 4): started, in the
 * bet's currency, for the studio's game, not expired and with spins left. The wallet refuses a free
 * bet none pays for, so a free spin's win is always bonus money of a grant.
 */
export async function freeBetGranted(db: Db, bet: FreeBet, now: Date): Promise<boolean> {
  const grants = await db
    .selectDistinct({ gameIdentifier: f.gameIdentifier })
    .from(f)
    .where(
      and(
        eq(f.playerId, bet.playerId),
        eq(f.currency, bet.currency),
        eq(f.gameCode, bet.gameCode),
        eq(f.stage, 'activated'),
        gt(f.expiresAt, now),
        lt(f.played, f.count),
      ),
    );
  if (grants.length === 0) return false;
  const games = await gamesByIdentifier(
    db,
    grants.map((grant) => grant.gameIdentifier),
  );
  return games.some((game) => game.studio === bet.studio);
}
