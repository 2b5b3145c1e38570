import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * The bonus engine's player API (spec §3 Bonus and freespin, Lootbox; §4 Bonus stages; §7):
 *
 *   GET    /player/bonuses/                  the player's bonuses: waiting, running and ended, newest first
 *   POST   /player/bonuses/:id/activation    puts an issued bonus's money on the bonus balance
 *   DELETE /player/bonuses/:id               cancels it: its bonus money and winnings go, real money stays
 *   POST   /bonuses/coupon?coupon_code=      grants the campaign behind a code, once per player
 *   GET    /player/freespins/                the player's free spins
 *   POST   /player/freespins/:id/activation  starts playing them (answers the game's launch)
 *   DELETE /player/freespins/:id             gives them up
 *   GET    /player/lootboxes                 the player's lootboxes
 *   POST   /player/lootboxes/:id/activation  opens one: a provably fair draw from its prize table
 *   GET    /player/deposit_offers?currency=  the deposit bonuses the cashier can offer the player now
 *
 * and its part of the operator API (bearer OPERATOR_API_TOKEN, like the cashier's):
 *
 *   GET    /operator/bonus_campaigns              every campaign with its terms
 *   PUT    /operator/bonus_campaigns/:id          creates or replaces a campaign (terms checked)
 *   POST   /operator/players/:id/bonuses          grants a campaign to a player
 *   GET    /operator/players/:id/bonuses          the player's bonuses, free spins and lootboxes
 */

/** Spec §4's stages, plus the ends a bonus can reach (decision 21). */
export const bonusStages = [
  'issued',
  'activated',
  'handle_bets',
  'canceled',
  'wagered',
  'expired',
  'lost',
  'forfeited',
] as const;
export type BonusStage = (typeof bonusStages)[number];

const iso = z.iso.datetime({ offset: true });
const cents = z.number().int();

/** A bet's share of wagering by game category (percent), as the bonus terms state it. */
export const contribution = z.object({ category: z.string(), percent: z.number().int().min(0).max(100) });

export const bonus = z
  .object({
    id: z.uuid(),
    title: z.string(),
    stage: z.enum(bonusStages),
    created_at: iso,
    /** The campaign (promotion) it comes from. */
    campaign: z.string(),
    kind: z.enum(['deposit', 'no_deposit', 'freespin_winnings', 'lootbox', 'coupon']),
    currency: z.string(),
    /** The bonus money granted. */
    amount_cents: cents,
    /** What is on the bonus balance for it now (activated, handle_bets). */
    balance_cents: cents,
    wagering_required_cents: cents,
    wagering_done_cents: cents,
    /** The largest bet per round while it runs. */
    max_bet_cents: cents.nullable(),
    /** How bets count towards wagering, by game category; categories not listed count `other_percent`. */
    contributions: z.array(contribution),
    other_percent: z.number().int().min(0).max(100),
    /** Days to wager once activated (issued) or the moment it expires (activated). */
    wager_days: z.number().int(),
    expires_at: iso.nullable(),
    activated_at: iso.nullable(),
    finished_at: iso.nullable(),
  })
  .meta({ id: 'Bonus' });
export type Bonus = z.infer<typeof bonus>;

export const freespinStages = ['issued', 'activated', 'played', 'canceled', 'expired'] as const;
export type FreespinStage = (typeof freespinStages)[number];

export const freespin = z
  .object({
    id: z.uuid(),
    title: z.string(),
    stage: z.enum(freespinStages),
    created_at: iso,
    campaign: z.string(),
    /** The game the spins are for (its identifier and title in the lobby). */
    game: z.object({ identifier: z.string(), title: z.string() }),
    currency: z.string(),
    count: z.number().int(),
    played: z.number().int(),
    /** The stake of each spin. */
    value_cents: cents,
    /** Won on these spins so far (bonus money). */
    win_cents: cents,
    expires_at: iso,
  })
  .meta({ id: 'Freespin' });
export type Freespin = z.infer<typeof freespin>;

export const lootboxPrize = z
  .object({
    kind: z.enum(['bonus', 'freespins', 'real_money']),
    amount_cents: cents.optional(),
    currency: z.string().optional(),
    spins: z.number().int().optional(),
    title: z.string(),
  })
  .meta({ id: 'LootboxPrize' });
export type LootboxPrize = z.infer<typeof lootboxPrize>;

export const lootbox = z
  .object({
    id: z.uuid(),
    title: z.string(),
    stage: z.enum(['issued', 'opened', 'expired']),
    created_at: iso,
    campaign: z.string(),
    /** SHA-256 of the server seed, shown before opening (provably fair). */
    server_seed_hash: z.string(),
    /** Revealed once opened, with the prize drawn. */
    server_seed: z.string().nullable(),
    client_seed: z.string().nullable(),
    prizes: z.array(z.object({ title: z.string(), weight: z.number().int() })),
    prize: lootboxPrize.nullable(),
  })
  .meta({ id: 'Lootbox' });
export type Lootbox = z.infer<typeof lootbox>;

export const depositOffer = z
  .object({
    code: z.string(),
    campaign: z.string(),
    title: z.string(),
    percent: z.number().int(),
    max_cents: cents,
    min_deposit_cents: cents,
    wagering_multiplier: z.number(),
    wager_days: z.number().int(),
    max_bet_cents: cents.nullable(),
    /** The promotion page with its terms. */
    terms_url: z.string(),
  })
  .meta({ id: 'DepositOffer' });
export type DepositOffer = z.infer<typeof depositOffer>;

/** What a coupon granted. */
export const couponGrant = z
  .object({
    bonuses: z.array(bonus),
    freespins: z.array(freespin),
    lootboxes: z.array(lootbox),
  })
  .meta({ id: 'CouponGrant' });
export type CouponGrant = z.infer<typeof couponGrant>;

const id = z.object({ id: z.uuid() });
const tags = ['bonuses'];
const refusals = { 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

export const bonusesApi = {
  list: endpoint({
    method: 'GET',
    path: '/player/bonuses/',
    tags,
    summary: "The player's bonuses: issued, running (activated, handle_bets) and ended, newest first",
    responses: { 200: z.array(bonus), 401: errorBody },
  }),
  activate: endpoint({
    method: 'POST',
    path: '/player/bonuses/:id/activation',
    params: id,
    tags,
    summary: 'Activates an issued bonus: its money goes on the bonus balance and wagering starts',
    responses: { 200: bonus, ...refusals },
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/player/bonuses/:id',
    params: id,
    tags,
    summary: 'Cancels a bonus: its bonus money and winnings are removed, real money stays',
    responses: { 200: bonus, ...refusals },
  }),
  redeemCoupon: endpoint({
    method: 'POST',
    path: '/bonuses/coupon',
    query: z.object({ coupon_code: z.string().trim().min(1).max(64) }),
    tags,
    summary: 'Grants the campaign behind a coupon code, once per player',
    responses: { 200: couponGrant, ...refusals },
  }),
  depositOffers: endpoint({
    method: 'GET',
    path: '/player/deposit_offers',
    query: z.object({ currency: z.string().regex(/^[A-Z]{3,5}$/) }),
    tags,
    summary: 'The deposit bonuses the player can choose in the cashier now, in this currency',
    responses: { 200: z.array(depositOffer), 401: errorBody, 422: errorBody },
  }),
};

export const freespinsApi = {
  list: endpoint({
    method: 'GET',
    path: '/player/freespins/',
    tags,
    summary: "The player's free spins, newest first",
    responses: { 200: z.array(freespin), 401: errorBody },
  }),
  activate: endpoint({
    method: 'POST',
    path: '/player/freespins/:id/activation',
    params: id,
    tags,
    summary: 'Starts the spins: answers them with the launch of their game',
    responses: {
      200: z.object({ freespin, launch_url: z.string() }).meta({ id: 'FreespinLaunch' }),
      ...refusals,
    },
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/player/freespins/:id',
    params: id,
    tags,
    summary: 'Gives up the spins left',
    responses: { 200: freespin, ...refusals },
  }),
};

export const lootboxesApi = {
  list: endpoint({
    method: 'GET',
    path: '/player/lootboxes',
    tags,
    summary: "The player's lootboxes, newest first (only issued ones can be opened)",
    responses: { 200: z.array(lootbox), 401: errorBody },
  }),
  open: endpoint({
    method: 'POST',
    path: '/player/lootboxes/:id/activation',
    params: id,
    /** The player's own seed for the draw (optional: one is drawn for them). */
    body: z.object({ client_seed: z.string().min(1).max(64).optional() }),
    tags,
    summary: 'Opens an issued lootbox: a provably fair draw from its prize table, paid at once',
    responses: { 200: lootbox, ...refusals },
  }),
};

/** What a campaign is: a deposit match, a fixed bonus without a deposit, free spins, or a lootbox. */
export const bonusCampaignKinds = ['deposit', 'no_deposit', 'freespins', 'lootbox'] as const;

/** A campaign's id: a slug (`weekend-reload`), also its promotion page's where it has one. */
const campaignSlug = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const campaignTitle = z.object({
  en: z.string().trim().min(1).max(120).check(oneLine),
  el: z.string().trim().min(1).max(120).check(oneLine),
});

/**
 * A campaign as the operator defines it. `terms` are the engine's campaign terms (eligibility, match or
 * amount per currency, wagering, maximum bet, contributions, free spins, lootbox prizes, limits: see
 * apps/server/src/modules/bonuses/terms.ts), given as they were stored.
 */
export const bonusCampaign = z
  .object({
    id: z.string(),
    kind: z.enum(bonusCampaignKinds),
    /** The code a player types in the cashier or the coupon form, upper case; none: offered without one. */
    code: z.string().nullable(),
    title: z.object({ en: z.string(), el: z.string() }),
    terms: z.record(z.string(), z.unknown()),
    active: z.boolean(),
    starts_at: iso.nullable(),
    ends_at: iso.nullable(),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'BonusCampaign' });
export type BonusCampaign = z.infer<typeof bonusCampaign>;

/** A player's bonuses, free spins and lootboxes: what an operator sees of them, or what a grant gave. */
export const bonusHoldings = z
  .object({
    bonuses: z.array(bonus),
    freespins: z.array(freespin),
    lootboxes: z.array(lootbox),
  })
  .meta({ id: 'BonusHoldings' });
export type BonusHoldings = z.infer<typeof bonusHoldings>;

const operatorTags = ['operator'];

/** The bonus engine's part of the operator API the back office will use (bearer OPERATOR_API_TOKEN). */
export const bonusOperatorApi = {
  campaigns: endpoint({
    method: 'GET',
    path: '/operator/bonus_campaigns',
    ability: ['read', 'BonusCampaign'],
    tags: operatorTags,
    summary: 'Every bonus campaign with its terms, active or not',
    responses: { 200: z.array(bonusCampaign), 401: errorBody },
  }),
  putCampaign: endpoint({
    method: 'PUT',
    path: '/operator/bonus_campaigns/:id',
    ability: ['update', 'BonusCampaign'],

    params: z.object({ id: campaignSlug }),
    body: z.object({
      kind: z.enum(bonusCampaignKinds),
      code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{2,32}$/)
        .nullable()
        .optional(),
      title: campaignTitle,
      /** Checked against the engine's campaign terms; each problem is named by its path (`terms.match.max.EUR`). */
      terms: z.record(z.string(), z.unknown()),
      active: z.boolean().optional(),
      starts_at: iso.nullable().optional(),
      ends_at: iso.nullable().optional(),
    }),
    tags: operatorTags,
    summary:
      'Creates (201) or replaces (200) a campaign; players already granted it keep what they were given',
    responses: {
      200: bonusCampaign,
      201: bonusCampaign,
      401: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  grant: endpoint({
    method: 'POST',
    path: '/operator/players/:id/bonuses',
    ability: ['grant', 'PlayerBonus'],
    params: id,
    body: z.object({
      campaign: campaignSlug,
      /** The player's account it is granted in; their active currency when left out. */
      currency: z
        .string()
        .regex(/^[A-Z]{3,5}$/)
        .optional(),
      /** Why, for the audit trail (the back office always asks). */
      reason: z.string().trim().min(3).max(300).check(oneLine).optional(),
    }),
    tags: operatorTags,
    summary:
      "Grants a campaign's bonus, free spins or lootbox to a player, whatever its eligibility; each grant is a new one",
    responses: { 201: bonusHoldings, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
  playerBonuses: endpoint({
    method: 'GET',
    path: '/operator/players/:id/bonuses',
    ability: ['read', 'PlayerBonus'],
    params: id,
    tags: operatorTags,
    summary: "A player's bonuses, free spins and lootboxes, newest first",
    responses: { 200: bonusHoldings, 401: errorBody, 404: errorBody },
  }),
};
