import type { DepositOffer } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, eq, isNotNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import {
  type CampaignRow,
  campaignByCode,
  openTo,
  type PlayerFacts,
  termsOf,
  timesHad,
} from './eligibility.ts';
import type { CampaignTerms } from './terms.ts';

/** A deposit campaign the player can have with a deposit now, if the deposit is large enough. */
async function available(db: Db, campaign: CampaignRow, facts: PlayerFacts): Promise<CampaignTerms | null> {
  const terms = termsOf(campaign);
  if (!terms?.match || campaign.kind !== 'deposit' || !openTo(campaign, terms, facts)) return null;
  return (await timesHad(db, campaign, terms, facts)) < terms.limits.perPlayer ? terms : null;
}

/** GET /player/deposit_offers: what the cashier's bonus selector lists for a deposit in this currency now. */
export async function depositOffers(db: Db, facts: PlayerFacts, language: Locale): Promise<DepositOffer[]> {
  const campaigns = await db
    .select()
    .from(schema.bonusCampaigns)
    .where(
      and(
        eq(schema.bonusCampaigns.kind, 'deposit'),
        eq(schema.bonusCampaigns.active, true),
        isNotNull(schema.bonusCampaigns.code),
      ),
    )
    .orderBy(schema.bonusCampaigns.createdAt);
  const offers: DepositOffer[] = [];
  for (const campaign of campaigns) {
    const terms = await available(db, campaign, facts);
    if (!terms?.match || !campaign.code) continue;
    offers.push({
      code: campaign.code,
      campaign: campaign.id,
      title: campaign.title[language],
      percent: terms.match.percent,
      max_cents: terms.match.max[facts.currency] ?? 0,
      min_deposit_cents: terms.match.minDeposit[facts.currency] ?? 0,
      wagering_multiplier: terms.wagering?.multiplier ?? 0,
      wager_days: terms.wagering?.days ?? 0,
      max_bet_cents: terms.maxBet?.[facts.currency] ?? null,
      terms_url: terms.termsUrl,
    });
  }
  return offers;
}

/**
 * The deposit campaign behind a code the player chose for a deposit of `amount`, checked as it will be
 * when the deposit succeeds; a code that cannot give a bonus is refused before any money is asked for.
 */
export async function depositCampaign(
  db: Db,
  facts: PlayerFacts,
  code: string,
  amount: number,
): Promise<{ campaign: CampaignRow; terms: CampaignTerms & { match: NonNullable<CampaignTerms['match']> } }> {
  const campaign = await campaignByCode(db, code);
  const terms = campaign ? await available(db, campaign, facts) : null;
  if (!campaign || !terms?.match)
    throw new AppError('bonuses.deposit_code_ineligible', { field: 'bonus_code' });
  const minimum = terms.match.minDeposit[facts.currency] ?? 0;
  if (amount < minimum) {
    throw new AppError('bonuses.deposit_below_minimum', {
      field: 'bonus_code',
      params: { amount: minimum, currency: facts.currency },
    });
  }
  return { campaign, terms: { ...terms, match: terms.match } };
}
