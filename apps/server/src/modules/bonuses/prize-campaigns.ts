import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { termsOf } from './eligibility.ts';
import { type Granted, grantCampaign } from './grant-campaign.ts';
import { type CampaignTerms, campaignTerms } from './terms.ts';

/** A campaign another capability pays its prizes through (the fortune wheel's sectors). */
export interface PrizeCampaignSeed {
  id: string;
  kind: 'no_deposit' | 'freespins';
  title: { en: string; el: string };
  terms: CampaignTerms;
}

/**
 * Inserts the prize campaigns that are missing (an operator's later edits to one stay), with their
 * terms checked as an operator's would be. They have no code: no one can claim them but by the prize.
 */
export async function ensurePrizeCampaigns(db: Db, campaigns: readonly PrizeCampaignSeed[]): Promise<void> {
  if (campaigns.length === 0) return;
  const rows = campaigns.map((campaign) => ({
    ...campaign,
    code: null,
    terms: campaignTerms.parse(campaign.terms),
  }));
  await db.insert(schema.bonusCampaigns).values(rows).onConflictDoNothing();
}

/** A deposit campaign another capability offers under its own code (the loyalty programme's weekly reload). */
export interface CodedCampaignSeed {
  id: string;
  code: string;
  title: { en: string; el: string };
  terms: CampaignTerms;
}

/** Inserts a coded deposit campaign when it is missing (an operator's later edits to it stay). */
export async function ensureDepositCampaign(db: Db, campaign: CodedCampaignSeed): Promise<void> {
  await db
    .insert(schema.bonusCampaigns)
    .values({ ...campaign, kind: 'deposit', terms: campaignTerms.parse(campaign.terms) })
    .onConflictDoNothing();
}

/** The amount a bonus was granted with, minor units; undefined for an unknown bonus. */
export async function bonusAmountOf(db: Db, bonusId: string): Promise<number | undefined> {
  const [bonus] = await db
    .select({ amount: schema.playerBonuses.amount })
    .from(schema.playerBonuses)
    .where(eq(schema.playerBonuses.id, bonusId));
  return bonus?.amount;
}

/**
 * Grants a prize campaign to a player inside the caller's transaction: its fixed bonus (activated at
 * once when no other bonus runs in the currency) and its free spins, under `source`, once: the same
 * source again grants nothing. The campaign's own limits are not counted: the prize's rules (one wheel
 * spin a day) are the caller's. Answers what was granted; nothing when the campaign gives nothing in
 * the currency. `amount` gives a bonus of that many minor units instead of the campaign's fixed one (a
 * cashback worked out from the player's losses).
 */
export async function grantPrizeCampaign(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  grant: {
    playerId: string;
    currency: string;
    campaignId: string;
    source: string;
    now: Date;
    amount?: number;
  },
): Promise<Granted> {
  const [campaign] = await tx
    .select()
    .from(schema.bonusCampaigns)
    .where(eq(schema.bonusCampaigns.id, grant.campaignId));
  const terms = campaign ? termsOf(campaign) : null;
  if (!campaign || !terms) throw new Error(`prize campaign ${grant.campaignId} is missing or unreadable`);
  return grantCampaign(tx, deps, {
    playerId: grant.playerId,
    currency: grant.currency,
    campaign,
    terms: grant.amount === undefined ? terms : { ...terms, amount: { [grant.currency]: grant.amount } },
    source: grant.source,
    kind: 'no_deposit',
    now: grant.now,
  });
}
