import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import type { DomainEvent, HandlerContext } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';

type PlayEvent = DomainEvent<'wallet.bet_booked' | 'wallet.win_booked' | 'wallet.rollback_booked'>;

/** Which of these player:currency keys have bonus money in play: a bonus or free spins not ended. */
async function inPlay(db: Db, keys: string[]): Promise<Set<string>> {
  // By player first, so the player_id indexes find the rows.
  const players = [...new Set(keys.map((key) => key.slice(0, key.lastIndexOf(':'))))];
  const { rows } = (await db.execute(sql`
    select player_id::text || ':' || currency as key from player_bonuses
    where player_id in ${players} and player_id::text || ':' || currency in ${keys}
      and stage in ('issued', 'activated', 'handle_bets')
    union
    select player_id::text || ':' || currency from player_freespins
    where player_id in ${players} and player_id::text || ':' || currency in ${keys}
      and stage in ('issued', 'activated')`)) as unknown as {
    rows: { key: string }[];
  };
  return new Set(rows.map(({ key }) => key));
}

/**
 * The ledger locks the play handler takes before it locks a bonus or free-spin row: every path that
 * locks a player's bonus rows and books takes the player's ledger lock first (issue 31 item 22).
 */
export function playLocks(wallet: Wallet) {
  /**
   * Once per batch: the ledger locks of the batch's players whose bonus money is in play (a bonus or
   * free spins not ended, or bonus money paid or given back), all at once in sorted order; answers the
   * keys locked. Taken one event at a time, the batch would hold several players' locks in event order,
   * against groups of wallet calls that take them sorted. Players without bonus money in play are not
   * locked: their bets never wait for the batch.
   */
  const batchLocked = new WeakMap<Db, Promise<Set<string>>>();
  const lockBatchPlayers = (context: HandlerContext): Promise<Set<string>> => {
    const known = batchLocked.get(context.db);
    if (known) return known;
    const locking = (async () => {
      const plays = context.batch.filter(
        (event): event is PlayEvent =>
          event.name === 'wallet.bet_booked' ||
          event.name === 'wallet.win_booked' ||
          event.name === 'wallet.rollback_booked',
      );
      const keys = [...new Set(plays.map(({ payload }) => `${payload.playerId}:${payload.currency}`))];
      if (keys.length === 0) return new Set<string>();
      const locked = await inPlay(context.db, keys);
      for (const { payload } of plays)
        if (payload.bonus > 0) locked.add(`${payload.playerId}:${payload.currency}`);
      await wallet
        .using(context.db)
        .ledger.lockPlayers(
          plays.map(({ payload }) => payload).filter((p) => locked.has(`${p.playerId}:${p.currency}`)),
        );
      return locked;
    })();
    batchLocked.set(context.db, locking);
    return locking;
  };

  /**
   * The ledger locks of these players (player:currency keys) before their bonus or free-spin rows are
   * locked: held since the batch's locks, or, for bonus money that came into play during the batch (a
   * bonus activated since), taken now. A key that sorts after every lock held is taken in order; one
   * that sorts before is only tried, and if another transaction holds it the batch fails and is
   * retried (from the same event), then with that player locked up front: waiting for it here could
   * close a cycle with a transaction that takes the same locks sorted. Players with none in play are
   * not locked (no row of theirs will be).
   */
  return async function lockPlayersInPlay(context: HandlerContext, keys: string[]): Promise<void> {
    const held = await lockBatchPlayers(context);
    const missing = [...new Set(keys)].filter((key) => !held.has(key));
    if (missing.length === 0) return;
    const ledger = wallet.using(context.db).ledger;
    for (const key of [...(await inPlay(context.db, missing))].sort()) {
      const at = key.lastIndexOf(':');
      const [playerId, currency] = [key.slice(0, at), key.slice(at + 1)];
      const highest = [...held].sort().at(-1);
      if (highest === undefined || key > highest) await ledger.lockPlayer(playerId, currency);
      else if (!(await ledger.tryLockPlayer(playerId, currency)))
        throw new Error(`ledger lock of ${key} held elsewhere, out of this batch's order: retried`);
      held.add(key);
    }
  };
}
