import { type Db, schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { playerAudience } from '../player/public.ts';
import { type CampaignTerms, campaignTerms } from './terms.ts';

export type CampaignRow = typeof schema.bonusCampaigns.$inferSelect;

/** What decides whether a campaign is open to a player now. */
export interface PlayerFacts {
  playerId: string;
  currency: string;
  country: string | null;
  groups: string[];
  licence: string;
  /** Succeeded deposits before the one being made (for deposit offers). */
  depositsBefore: number;
  now: Date;
}

/** ISO weekday (1 Monday … 7 Sunday) of `at` in a time zone. */
export function weekdayIn(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(name) + 1;
}

/** Counts a player's succeeded deposits, those made before the payment `before` when given (the cashier's). */
export type DepositCount = (db: Db, playerId: string, before?: string) => Promise<number>;

export async function playerFacts(
  db: Db,
  asked: {
    playerId: string;
    currency: string;
    licence: string;
    now: Date;
    countDeposits: DepositCount;
    /** The deposit being paid, when the facts are as of it. */
    deposit?: string;
  },
): Promise<PlayerFacts> {
  const { playerId } = asked;
  const { country, groups } = await playerAudience(db, playerId);
  return {
    playerId,
    currency: asked.currency,
    country,
    groups,
    licence: asked.licence,
    depositsBefore: await asked.countDeposits(db, playerId, asked.deposit),
    now: asked.now,
  };
}

/** Whether the campaign's dates, rules and currency let this player have it now (limits aside). */
export function openTo(campaign: CampaignRow, terms: CampaignTerms, facts: PlayerFacts): boolean {
  if (!campaign.active) return false;
  if (campaign.startsAt && campaign.startsAt > facts.now) return false;
  if (campaign.endsAt && campaign.endsAt <= facts.now) return false;
  const rule = terms.eligibility;
  if (rule.depositNumber !== undefined && facts.depositsBefore + 1 !== rule.depositNumber) return false;
  if (rule.afterDeposits !== undefined && facts.depositsBefore < rule.afterDeposits) return false;
  if (rule.weekdays && !rule.weekdays.includes(weekdayIn(facts.now, rule.timeZone))) return false;
  if (rule.groups && !rule.groups.some((group) => facts.groups.includes(group))) return false;
  if (rule.countries && (!facts.country || !rule.countries.includes(facts.country))) return false;
  if (rule.licences && !rule.licences.includes(facts.licence)) return false;
  return offeredIn(terms, facts.currency);
}

/** A campaign is offered in a currency its terms give an amount in. */
function offeredIn(terms: CampaignTerms, currency: string): boolean {
  if (terms.match)
    return terms.match.max[currency] !== undefined && terms.match.minDeposit[currency] !== undefined;
  if (terms.amount) return terms.amount[currency] !== undefined;
  if (terms.freespins) return terms.freespins.value[currency] !== undefined;
  if (terms.lootbox) return true;
  return false;
}

/** Times the player already had the campaign, ever or this ISO week in the campaign's time zone. */
export async function timesHad(db: Db, campaign: CampaignRow, terms: CampaignTerms, facts: PlayerFacts) {
  const zone = terms.eligibility.timeZone;
  const since =
    terms.limits.per === 'week'
      ? sql`and date_trunc('week', created_at at time zone ${zone}) = date_trunc('week', ${facts.now.toISOString()}::timestamptz at time zone ${zone})`
      : sql``;
  // One grant may issue a bonus and free spins (in batches) under one source: grants are sources.
  const { rows } = (await db.execute(sql`
    select count(distinct source) as n from (
      select source, created_at from player_bonuses
        where campaign_id = ${campaign.id} and player_id = ${facts.playerId} and kind <> 'freespin_winnings'
      union all
      select split_part(source, ':batch-', 1), created_at from player_freespins
        where campaign_id = ${campaign.id} and player_id = ${facts.playerId}
      union all
      select source, created_at from player_lootboxes
        where campaign_id = ${campaign.id} and player_id = ${facts.playerId}
    ) grants where true ${since}`)) as unknown as { rows: { n: string | number }[] };
  return Number(rows[0]?.n ?? 0);
}

/** The campaign with its terms checked (a campaign whose terms no longer parse is offered to no one). */
export function termsOf(campaign: CampaignRow): CampaignTerms | null {
  const parsed = campaignTerms.safeParse(campaign.terms);
  return parsed.success ? parsed.data : null;
}

export async function campaignByCode(db: Db, code: string): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(schema.bonusCampaigns)
    .where(sql`upper(${schema.bonusCampaigns.code}) = upper(${code.trim()})`);
  return row;
}
