import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { activateBonus, runningStages } from './activate-bonus.ts';
import { termsOf } from './eligibility.ts';
import { issueBonus } from './issue.ts';

type FreespinsRow = typeof schema.playerFreespins.$inferSelect;

/**
 * Ends free spins (all played, given up, or expired) inside `tx`. What they won is bonus money already
 * on the bonus balance (a free spin's win is paid there): it becomes a bonus under the spins' wagering,
 * activated at once, or, when a bonus already runs in the currency, joins it (its amount and wagering
 * grow by the winnings and their requirement), since one bonus owns the bonus balance (decision 21).
 */
export async function finishFreespins(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  spins: FreespinsRow,
  end: 'played' | 'canceled' | 'expired',
  now: Date,
): Promise<void> {
  const [ended] = await tx
    .update(schema.playerFreespins)
    .set({ stage: end, finishedAt: now })
    .where(and(eq(schema.playerFreespins.id, spins.id), eq(schema.playerFreespins.stage, spins.stage)))
    .returning();
  if (!ended) return;
  await deps.events.publish(tx, 'bonuses.freespins_changed', {
    freespinsId: spins.id,
    playerId: spins.playerId,
    stage: end,
    pushed: end !== 'canceled',
  });
  if (ended.win <= 0) return;

  const b = schema.playerBonuses;
  const [running] = await tx
    .select()
    .from(b)
    .where(
      and(
        eq(b.playerId, spins.playerId),
        eq(b.currency, spins.currency),
        inArray(b.stage, [...runningStages]),
      ),
    )
    .for('update');
  const requirement = Math.ceil(ended.win * spins.wagering.multiplier);
  if (running) {
    await tx
      .update(b)
      .set({
        amount: sql`${b.amount} + ${ended.win}`,
        wageringRequired: sql`${b.wageringRequired} + ${requirement}`,
        // New wagering on the bonus: bets still open do not hold its conversion any more than before.
        stage: 'activated',
        updatedAt: now,
      })
      .where(eq(b.id, running.id));
    await deps.events.publish(tx, 'bonuses.bonus_changed', {
      bonusId: running.id,
      playerId: spins.playerId,
      stage: 'activated',
      pushed: true,
    });
    return;
  }
  const [campaign] = await tx
    .select()
    .from(schema.bonusCampaigns)
    .where(eq(schema.bonusCampaigns.id, spins.campaignId));
  const terms = campaign ? termsOf(campaign) : null;
  const bonusId = await issueBonus(tx, deps.events, {
    playerId: spins.playerId,
    currency: spins.currency,
    campaignId: spins.campaignId,
    source: `freespins:${spins.id}`,
    kind: 'freespin_winnings',
    amount: ended.win,
    terms: {
      eligibility: { timeZone: 'Europe/Athens' },
      wagering: { multiplier: spins.wagering.multiplier, on: 'bonus', days: spins.wagering.days },
      ...(terms?.maxBet ? { maxBet: terms.maxBet } : {}),
      ...(terms?.contributions ? { contributions: terms.contributions } : {}),
      limits: { perPlayer: 1, per: 'ever' },
      claimDays: spins.wagering.days,
      termsUrl: terms?.termsUrl ?? '/promotions',
    },
    now,
  });
  if (!bonusId) return;
  if (spins.wagering.cap !== null) {
    await tx.update(b).set({ conversionCap: spins.wagering.cap }).where(eq(b.id, bonusId));
  }
  await activateBonus(tx, deps, spins.playerId, bonusId, now);
}
