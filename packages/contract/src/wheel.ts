import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The fortune wheel (content/{en,el}/wheelOfFortune; issue 18):
 *
 *   GET  /player/wheel        whether the player can spin today, the committed seed's hash, the last spin
 *   POST /player/wheel/spin   spends today's spin: a provably fair draw of a sector, its prize paid at once
 *
 * A spin is earned by a deposit of at least the page's minDepSpin (or the equivalent) made with its
 * promoCode that Athens day, once a day. A request with an Idempotency-Key header answers the same spin
 * when repeated.
 */

const iso = z.iso.datetime({ offset: true });

/** What a sector paid: free spins and bonus money through the bonus engine, comp points, or nothing. */
export const wheelPrize = z
  .object({
    kind: z.enum(['freespins', 'bonus', 'comp_points', 'nothing']),
    /** Bonus money, minor units of `currency`. */
    amount_cents: z.number().int().optional(),
    currency: z.string().optional(),
    spins: z.number().int().optional(),
    points: z.number().int().optional(),
    /** The sector was the secret one: the prize shown now for the first time. */
    secret: z.boolean(),
  })
  .meta({ id: 'WheelPrize' });
export type WheelPrize = z.infer<typeof wheelPrize>;

/** A spin as it was drawn: everything /provably-fair needs to recompute the sector. */
export const wheelSpin = z
  .object({
    id: z.uuid(),
    /** The Athens day it belonged to. */
    day: z.string(),
    sector: z.number().int(),
    sector_count: z.number().int(),
    prize: wheelPrize,
    server_seed: z.string(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    nonce: z.number().int(),
    spun_at: iso,
  })
  .meta({ id: 'WheelSpin' });
export type WheelSpin = z.infer<typeof wheelSpin>;

export const wheelState = z
  .object({
    can_spin: z.boolean(),
    /** Why not: no qualifying deposit today, or today's spin is used. */
    reason: z.enum(['deposit_required', 'spun_today']).nullable(),
    /** SHA-256 of the server seed today's spin will use (hex), shown before the spin; null without one. */
    seed_hash: z.string().nullable(),
    /** The nonce today's spin will use. */
    nonce: z.number().int().nullable(),
    /** When the next Athens day starts, once today's spin is used. */
    next_spin_at: iso.nullable(),
    /** The qualifying deposit: its code and minimum in the player's currency. */
    promo_code: z.string(),
    min_deposit_cents: z.number().int(),
    currency: z.string(),
    last_spin: wheelSpin.nullable(),
  })
  .meta({ id: 'WheelState' });
export type WheelState = z.infer<typeof wheelState>;

const tags = ['Fortune wheel'];

export const wheelApi = {
  state: endpoint({
    method: 'GET',
    path: '/player/wheel',
    tags,
    summary: "The player's fortune wheel today: can they spin, the committed seed's hash, the last spin",
    responses: { 200: wheelState, 401: errorBody },
  }),
  spin: endpoint({
    method: 'POST',
    path: '/player/wheel/spin',
    /** The player's own seed for the draw (optional: one is drawn for them). */
    body: z.object({
      client_seed: z
        .string()
        .regex(/^[\x21-\x7e]{1,64}$/)
        .optional(),
    }),
    tags,
    summary: "Spends today's spin: a provably fair sector, its prize paid at once (Idempotency-Key honoured)",
    responses: { 200: wheelSpin, 401: errorBody, 409: errorBody, 422: errorBody },
  }),
};
