import { randomUUID } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { recordAudit } from '../compliance/public.ts';
import { playerExists } from '../player/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { activeAccountCurrency, heldCurrencies } from '../wallet/public.ts';
import { termsOf } from './eligibility.ts';
import { type Granted, grantCampaign } from './grant-campaign.ts';

/** The operator API's refusal of a player id no player has. */
export async function requireKnownPlayer(db: Db, playerId: string): Promise<void> {
  if (!(await playerExists(db, playerId))) throw new AppError('bonuses.player_not_found', { field: 'id' });
}

/**
 * POST /operator/players/:id/bonuses: what a campaign gives without a deposit (its fixed bonus, free
 * spins, lootbox), granted to the player in `currency` (their active one when not given). The operator
 * decides, so neither the campaign's eligibility nor its per-player limits apply, and each grant is one
 * of its own (source `operator:<uuid>`): granting twice gives twice. The bonus is activated at once when
 * none runs in that currency, as a coupon's is. The grant is written to the compliance audit trail in its
 * transaction (an operator's action on a player), with the request's address.
 */
export async function grantByOperator(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  grant: {
    playerId: string;
    campaignId: string;
    currency?: string | undefined;
    /** Why the operator granted it, kept on the audit trail. */
    reason?: string | undefined;
    ip?: string | null;
    /** The operator who granted it. */
    actor: `operator:${string}`;
    /** The product's time of the grant. */
    now: Date;
  },
): Promise<Granted> {
  await requireKnownPlayer(db, grant.playerId);
  const [campaign] = await db
    .select()
    .from(schema.bonusCampaigns)
    .where(eq(schema.bonusCampaigns.id, grant.campaignId));
  if (!campaign)
    throw new AppError('bonuses.campaign_not_found', {
      field: 'campaign',
      params: { campaign: grant.campaignId },
    });
  const currency = grant.currency
    ? (await heldCurrencies(db, grant.playerId)).find((held) => held === grant.currency)
    : await activeAccountCurrency(db, grant.playerId);
  if (!currency)
    throw new AppError('bonuses.no_account', {
      field: 'currency',
      params: { currency: grant.currency ?? '' },
    });
  const terms = termsOf(campaign);
  const givesSomething =
    terms !== null &&
    (terms.amount?.[currency] !== undefined ||
      terms.freespins?.value[currency] !== undefined ||
      terms.lootbox !== undefined);
  if (!terms || !givesSomething)
    throw new AppError('bonuses.nothing_to_grant', { field: 'campaign', params: { currency } });
  return db.transaction(async (tx) => {
    const source = `operator:${randomUUID()}`;
    const granted = await grantCampaign(tx, deps, {
      playerId: grant.playerId,
      currency,
      campaign,
      terms,
      source,
      kind: 'no_deposit',
      now: grant.now,
    });
    await recordAudit(tx, {
      at: grant.now,
      actor: grant.actor,
      action: 'bonus.granted',
      playerId: grant.playerId,
      details: {
        campaign: campaign.id,
        currency,
        source,
        ...granted,
        ...(grant.reason ? { reason: grant.reason } : {}),
      },
      ip: grant.ip ?? null,
    });
    return granted;
  });
}
