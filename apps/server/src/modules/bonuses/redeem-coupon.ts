import { type Db, schema } from '@chrysos/db';
import { count, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { campaignByCode, openTo, type PlayerFacts, termsOf } from './eligibility.ts';
import { type Granted, grantCampaign } from './grant-campaign.ts';

/**
 * POST /bonuses/coupon: the campaign behind a code, once per player. Each refusal has its own code:
 * unknown (no campaign has it, or it is a deposit offer's, used in the cashier), expired (ended or
 * withdrawn), used up (this player had it, or all its redemptions are taken), ineligible (its rules).
 */
export async function redeemCoupon(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  facts: PlayerFacts,
  code: string,
): Promise<Granted> {
  const found = await campaignByCode(db, code);
  const terms = found && termsOf(found);
  if (!found || !terms || found.kind === 'deposit')
    throw new AppError('bonuses.coupon_unknown', { field: 'coupon_code' });
  if (
    !found.active ||
    (found.endsAt && found.endsAt <= facts.now) ||
    (found.startsAt && found.startsAt > facts.now)
  ) {
    throw new AppError('bonuses.coupon_expired', { field: 'coupon_code' });
  }
  return db.transaction(async (tx) => {
    // The campaign row is locked, so the count of redemptions is exact against a concurrent one. No key
    // update: a FOR UPDATE lock also stops the foreign-key checks (FOR KEY SHARE) of anything writing a
    // row of the campaign, such as the bonus handler updating a bonus row it wrote earlier in its batch,
    // which holds its players' ledger locks; this transaction then wanted one of those locks to activate
    // the bonus, and PostgreSQL aborted one of the two as a deadlock (issue 31 item 22).
    const [campaign] = await tx
      .select()
      .from(schema.bonusCampaigns)
      .where(eq(schema.bonusCampaigns.id, found.id))
      .for('no key update');
    if (!campaign) throw new AppError('bonuses.coupon_unknown', { field: 'coupon_code' });
    if (!openTo(campaign, terms, facts))
      throw new AppError('bonuses.coupon_ineligible', { field: 'coupon_code' });
    const r = schema.couponRedemptions;
    if (terms.limits.total !== undefined) {
      const [taken] = await tx.select({ n: count() }).from(r).where(eq(r.campaignId, campaign.id));
      if ((taken?.n ?? 0) >= terms.limits.total)
        throw new AppError('bonuses.coupon_used_up', { field: 'coupon_code' });
    }
    const [redeemed] = await tx
      .insert(r)
      .values({ campaignId: campaign.id, playerId: facts.playerId })
      .onConflictDoNothing()
      .returning({ at: r.createdAt });
    if (!redeemed) throw new AppError('bonuses.coupon_used_up', { field: 'coupon_code' });
    return grantCampaign(tx, deps, {
      playerId: facts.playerId,
      currency: facts.currency,
      campaign,
      terms,
      source: 'coupon',
      kind: 'coupon',
      now: facts.now,
    });
  });
}
