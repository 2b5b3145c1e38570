import { type Db, schema } from '@chrysos/db';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FreeBet } from '../wallet/public.ts';

const f = schema.playerFreespins;
const g = schema.games;

/**
 * Whether free spins of this player pay for a studio's free bet (issue 31 item 4): started, in the
 * bet's currency, for the studio's game, not expired and with spins left. The wallet refuses a free
 * bet none pays for, so a free spin's win is always bonus money of a grant.
 */
export async function freeBetGranted(db: Db, bet: FreeBet, now: Date): Promise<boolean> {
  const [grant] = await db
    .select({ id: f.id })
    .from(f)
    .innerJoin(g, eq(g.identifier, f.gameIdentifier))
    .where(
      and(
        eq(f.playerId, bet.playerId),
        eq(f.currency, bet.currency),
        eq(f.gameCode, bet.gameCode),
        eq(f.stage, 'activated'),
        gt(f.expiresAt, now),
        lt(f.played, f.count),
        eq(g.studio, bet.studio),
      ),
    )
    .limit(1);
  return grant !== undefined;
}
