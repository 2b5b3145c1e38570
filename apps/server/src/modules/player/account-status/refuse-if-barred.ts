import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../platform/errors.ts';

/**
 * `suspended` or `closed` when operators barred the account, null when it is active (or no player has
 * this id). Reads through `db`: the caller's transaction when it has one.
 */
export async function accountBar(db: Db, playerId: string): Promise<'suspended' | 'closed' | null> {
  const [row] = await db
    .select({ status: schema.players.accountStatus })
    .from(schema.players)
    .where(eq(schema.players.id, playerId));
  return row?.status === 'suspended' || row?.status === 'closed' ? row.status : null;
}

/**
 * Refuses what a suspended or closed account may not do (sign in by any way, deposit, ask for a
 * withdrawal): 403 `auth.account_suspended` or `auth.account_closed`. The operator's reason is never
 * told to the player.
 */
export async function refuseIfAccountBarred(db: Db, playerId: string): Promise<void> {
  const bar = await accountBar(db, playerId);
  if (bar) throw new AppError(bar === 'suspended' ? 'auth.account_suspended' : 'auth.account_closed');
}
