import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { spinsWinnings } from './bonus-money.ts';

const b = schema.playerBonuses;

export type BonusEnd = 'wagered' | 'canceled' | 'expired' | 'lost' | 'forfeited';

type BonusRow = typeof schema.playerBonuses.$inferSelect;

/**
 * Ends a bonus inside `tx`. A running one takes its money with it: wagered converts the bonus balance to
 * real money (up to its cap; the rest returns to the pool), any other end returns it to the bonus pool.
 * Real money is never touched. The player's accounts are locked first, so the amounts moved are the
 * balance as it stands. An issued bonus simply ends: none of its money was granted.
 */
export async function endBonus(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  bonus: BonusRow,
  end: BonusEnd,
  now: Date,
  options: { pushed?: boolean } = {},
): Promise<BonusRow> {
  if (bonus.stage === 'activated' || bonus.stage === 'handle_bets') {
    const wallet = deps.wallet.using(tx);
    const balances = await wallet.ledger.lockedBalances(bonus.playerId, bonus.currency);
    const money = Math.max(0, balances.bonus - (await spinsWinnings(tx, bonus.playerId, bonus.currency)));
    const movement = { playerId: bonus.playerId, currency: bonus.currency, reference: bonus.id };
    const converted = end === 'wagered' ? Math.min(money, bonus.conversionCap ?? money) : 0;
    if (converted > 0)
      await wallet.convertBonus({ ...movement, key: `bonus:convert:${bonus.id}`, amount: converted });
    if (money - converted > 0) {
      await wallet.forfeitBonus({ ...movement, key: `bonus:forfeit:${bonus.id}`, amount: money - converted });
    }
  }
  const [ended] = await tx
    .update(b)
    .set({ stage: end, finishedAt: now, updatedAt: now })
    .where(and(eq(b.id, bonus.id), eq(b.stage, bonus.stage)))
    .returning();
  if (!ended) throw new Error(`bonus ${bonus.id} changed stage while ending`);
  await deps.events.publish(tx, 'bonuses.bonus_changed', {
    bonusId: bonus.id,
    playerId: bonus.playerId,
    stage: end,
    // The player canceled it themselves: nothing to tell them by push (spec §4).
    pushed: options.pushed ?? end !== 'canceled',
  });
  return ended;
}
