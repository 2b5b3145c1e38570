import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Comp points and levels (spec §3 Comp points, §7 GET /player/comp_points; content/loyalty):
 *
 *   GET    /player/comp_points            the points, the level, progress to the next, the exchange rate
 *   POST   /player/comp_points/exchange   points for real money at the level's rate, once per key
 *
 * and its part of the operator API (bearer OPERATOR_API_TOKEN):
 *
 *   GET    /operator/players/:id/comp_points   a player's points and level
 *   POST   /operator/players/:id/comp_points   grants points (once per key)
 */

export const loyaltyLevelIds = ['bronze', 'silver', 'gold', 'platinum', 'diamond', 'chrysos'] as const;
export type LoyaltyLevelId = (typeof loyaltyLevelIds)[number];

export const loyaltyLevel = z
  .object({
    id: z.enum(loyaltyLevelIds),
    name: z.string(),
    /** Points collected over the last 12 months it needs. */
    points: z.number().int(),
    /** Comp points exchanged for €1 at this level. */
    points_per_euro: z.number().int(),
  })
  .meta({ id: 'LoyaltyLevel' });
export type LoyaltyLevel = z.infer<typeof loyaltyLevel>;

export const compPoints = z
  .object({
    /** Points to spend, to the hundredth (a €1 slot bet earns 0.1). */
    points: z.number(),
    /** Points collected over the last 12 months: what the level is by. */
    collected: z.number(),
    level: loyaltyLevel,
    next_level: loyaltyLevel.nullable(),
    /** Points still to collect for the next level; null at the top. */
    to_next_level: z.number().nullable(),
    /** 0..100 of the way from this level to the next (100 at the top). */
    progress_percent: z.number().int().min(0).max(100),
    exchange: z.object({
      points_per_euro: z.number().int(),
      /** The fewest points one exchange takes. */
      minimum_points: z.number().int(),
      /** The player's active account, which an exchange pays into. */
      currency: z.string(),
      /** What the whole points to spend are worth now in that currency, minor units. */
      value_cents: z.number().int(),
    }),
  })
  .meta({ id: 'CompPoints' });
export type CompPoints = z.infer<typeof compPoints>;

export const compExchangeBody = z
  .object({
    /** Whole points to exchange. */
    points: z.number().int().min(1).max(1_000_000_000),
    /** Names this exchange: sent again (a retry), it is answered as before and pays once. */
    idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .meta({ id: 'CompExchange' });

export const compExchanged = z
  .object({
    points_exchanged: z.number().int(),
    amount_cents: z.number().int(),
    currency: z.string(),
    comp_points: compPoints,
  })
  .meta({ id: 'CompExchanged' });
export type CompExchanged = z.infer<typeof compExchanged>;

const tags = ['loyalty'];

export const loyaltyApi = {
  compPoints: endpoint({
    method: 'GET',
    path: '/player/comp_points',
    tags,
    summary: "The player's comp points, level, progress to the next level and exchange rate",
    responses: { 200: compPoints, 401: errorBody },
  }),
  exchange: endpoint({
    method: 'POST',
    path: '/player/comp_points/exchange',
    tags,
    body: compExchangeBody,
    summary:
      "Exchanges comp points for real money at the level's rate (one ledger booking per idempotency key)",
    responses: { 200: compExchanged, 401: errorBody, 409: errorBody, 422: errorBody },
  }),
};

export const loyaltyOperatorApi = {
  playerPoints: endpoint({
    method: 'GET',
    path: '/operator/players/:id/comp_points',
    ability: ['read', 'CompPoints'],
    params: z.object({ id: z.uuid() }),
    tags: ['operator'],
    summary: "A player's comp points, level and progress, as the player sees them",
    responses: { 200: compPoints, 401: errorBody, 404: errorBody },
  }),
  grantPoints: endpoint({
    method: 'POST',
    path: '/operator/players/:id/comp_points',
    ability: ['grant', 'CompPoints'],
    params: z.object({ id: z.uuid() }),
    body: z.object({
      points: z.number().int().min(1).max(10_000_000),
      reason: z.string().trim().min(1).max(100),
      /** Names this grant: sent again, it grants nothing more. */
      key: z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/),
    }),
    tags: ['operator'],
    summary: 'Grants comp points to a player once per key (they count toward the level)',
    responses: { 200: compPoints, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};
