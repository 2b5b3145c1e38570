import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { activateBonus, runningStages } from './activate-bonus.ts';
import type { CampaignRow } from './eligibility.ts';
import { issueBonus, issueFreespins, issueLootbox } from './issue.ts';
import type { CampaignTerms } from './terms.ts';

export interface Granted {
  bonuses: string[];
  freespins: string[];
  lootboxes: string[];
}

/** Activates a bonus just issued when nothing else runs in its currency; otherwise it waits, issued. */
export async function activateIfFree(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  currency: string,
  bonusId: string,
  now: Date,
): Promise<void> {
  const b = schema.playerBonuses;
  const [running] = await tx
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.playerId, playerId), eq(b.currency, currency), inArray(b.stage, [...runningStages])));
  if (!running) await activateBonus(tx, deps, playerId, bonusId, now);
}

/**
 * Grants what a campaign gives without a deposit (a coupon, an operator's grant): its fixed bonus, its
 * free spins, its lootbox, under `source`, once (a second grant with one source grants nothing).
 */
export async function grantCampaign(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  grant: {
    playerId: string;
    currency: string;
    campaign: CampaignRow;
    terms: CampaignTerms;
    source: string;
    kind: 'coupon' | 'no_deposit';
    /** The product clock's time of the grant. */
    now: Date;
  },
): Promise<Granted> {
  const { playerId, currency, campaign, terms, source, now } = grant;
  const granted: Granted = { bonuses: [], freespins: [], lootboxes: [] };
  const amount = terms.amount?.[currency];
  if (amount) {
    const id = await issueBonus(tx, deps.events, {
      playerId,
      currency,
      campaignId: campaign.id,
      source,
      kind: grant.kind,
      amount,
      terms,
      now,
    });
    if (id) {
      granted.bonuses.push(id);
      await activateIfFree(tx, deps, playerId, currency, id, now);
    }
  }
  if (terms.freespins) {
    granted.freespins.push(
      ...(await issueFreespins(tx, deps.events, {
        playerId,
        currency,
        campaignId: campaign.id,
        source,
        spins: terms.freespins,
        now,
      })),
    );
  }
  if (terms.lootbox) {
    const id = await issueLootbox(tx, deps.events, {
      playerId,
      currency,
      campaignId: campaign.id,
      source,
      now,
    });
    if (id) granted.lootboxes.push(id);
  }
  return granted;
}
