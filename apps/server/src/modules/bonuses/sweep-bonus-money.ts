import type { Db } from '@chrysos/db';
import type { DomainEvent } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { spinsWinnings } from './bonus-money.ts';

/**
 * Bonus money a win paid or a rollback gave back with no bonus or free spins to belong to (a round staked
 * with a bonus that has ended since, or a free bet no grant stands behind) goes back to the pool
 * (decision 21), so the bonus balance is only a running bonus's or free spins' being played.
 */
export async function sweepBonusMoney(
  wallet: Wallet,
  tx: Db,
  event: DomainEvent<'wallet.win_booked' | 'wallet.rollback_booked'>,
): Promise<void> {
  const p = event.payload;
  const inTx = wallet.using(tx);
  const balances = await inTx.ledger.lockedBalances(p.playerId, p.currency);
  const amount = Math.min(p.bonus, balances.bonus - (await spinsWinnings(tx, p.playerId, p.currency)));
  if (amount <= 0) return;
  await inTx.forfeitBonus({
    key: `bonus:sweep:${p.transactionId}`,
    playerId: p.playerId,
    currency: p.currency,
    amount,
    reference: p.key,
  });
}
