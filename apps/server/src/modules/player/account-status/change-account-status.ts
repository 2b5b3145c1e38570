import type { ErrorCode, PlayerAccountState } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { accountStateColumns, presentAccountState } from './account-state.ts';

type State = PlayerAccountState['state'];
export type AccountChange = 'suspend' | 'reinstate' | 'close';

/**
 * Each change, the state it leads to and what it answers from each state it cannot start from:
 * a suspension lasts until reinstated, a closed account stays closed.
 */
const changes: Record<AccountChange, { to: State; refused: Partial<Record<State, ErrorCode>> }> = {
  suspend: {
    to: 'suspended',
    refused: { suspended: 'player.account_already_suspended', closed: 'player.account_already_closed' },
  },
  reinstate: {
    to: 'active',
    refused: { active: 'player.account_not_suspended', closed: 'player.account_already_closed' },
  },
  close: { to: 'closed', refused: { closed: 'player.account_already_closed' } },
};

/** What the audit trail is told, in the change's transaction. */
export type RecordChange = (tx: Db, change: { from: State; to: State }) => Promise<void>;

/**
 * Suspends, reinstates or closes a player's account with the operator's reason, in one transaction
 * that holds the player's row (two operators at once cannot both win): the state with its reason, when
 * and who; bets stop (disabled_at, the wallet's RS_ERROR_USER_DISABLED) or start again; every sign-in
 * session of a barred player ends now (sessions are read from the database on each request); the
 * change is published (`player.account_status_changed`) and recorded by `record`.
 */
export async function changeAccountStatus(
  app: FastifyInstance,
  change: {
    playerId: string;
    kind: AccountChange;
    reason: string;
    by: `operator:${string}`;
    /** The operator's name, as the answer shows it. */
    byName: string;
  },
  record: RecordChange,
): Promise<PlayerAccountState> {
  const p = schema.players;
  const now = app.clock.now();
  const { to, refused } = changes[change.kind];
  return app.database.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ status: p.accountStatus })
      .from(p)
      .where(eq(p.id, change.playerId))
      .for('update');
    if (!held) throw new AppError('player.not_found');
    const refusal = refused[held.status];
    if (refusal) throw new AppError(refusal);
    const [row] = await tx
      .update(p)
      .set({
        accountStatus: to,
        accountStatusReason: change.reason,
        accountStatusChangedAt: now,
        accountStatusChangedBy: change.by,
        // A suspension closed later keeps the moment bets stopped.
        disabledAt:
          to === 'active' ? null : sql`coalesce(${p.disabledAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(p.id, change.playerId))
      .returning(accountStateColumns);
    if (!row) throw new Error('the player row was not updated');
    if (to !== 'active') await app.endPlayerSessions(tx, change.playerId, now);
    await app.events.publish(tx, 'player.account_status_changed', {
      playerId: change.playerId,
      status: to,
      previous: held.status,
    });
    await record(tx, { from: held.status, to });
    return presentAccountState(row, change.byName);
  });
}
