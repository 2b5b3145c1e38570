import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The progressive jackpot (issue 18, jackpotPage; docs/decisions/0028) and the winners lists (spec §7
 * Stats):
 *
 *   GET  /jackpots?currency=            the three tiers' amounts now, with each cycle's committed hash
 *   GET  /jackpots/cycles?currency=     the tiers' won cycles, newest first: seed, hash, drop point and
 *                                       the winning bet, so anyone can check a drop
 *   GET  /stats/winners/top             the biggest wins of the last 30 days
 *   GET  /stats/winners/latest          the latest wins
 *
 * and, only in a test configuration (JACKPOT_TEST_DROP=on, operator token):
 *
 *   POST /operator/jackpots/:currency/:tier/drop   the tier drops on the next contribution
 */

export const jackpotTierIds = ['mini', 'major', 'grand'] as const;
export type JackpotTierId = (typeof jackpotTierIds)[number];

const iso = z.iso.datetime({ offset: true });
const cents = z.number().int();
const currency = z.string().regex(/^[A-Z]{3,5}$/);

export const jackpotTier = z
  .object({
    id: z.enum(jackpotTierIds),
    currency: z.string(),
    /** Seed plus every contribution of the running cycle so far. */
    amount_cents: cents,
    seed_cents: cents,
    /** The cycle's drop point lies above the seed and at most this. */
    must_drop_cents: cents,
    /** The running cycle: its number and the SHA-256 of its server seed, published before it started. */
    cycle: z.number().int(),
    seed_hash: z.string(),
  })
  .meta({ id: 'JackpotTier' });
export type JackpotTier = z.infer<typeof jackpotTier>;

export const jackpots = z
  .object({ currency: z.string(), tiers: z.array(jackpotTier) })
  .meta({ id: 'Jackpots' });
export type Jackpots = z.infer<typeof jackpots>;

export const jackpotCycle = z
  .object({
    tier: z.enum(jackpotTierIds),
    currency: z.string(),
    cycle: z.number().int(),
    seed_cents: cents,
    must_drop_cents: cents,
    /** Revealed after the win; SHA-256(server_seed) = seed_hash. */
    server_seed: z.string(),
    seed_hash: z.string(),
    /** Where the cycle had to drop: seed_cents + 1 + (HMAC-SHA256(server_seed, "drop") mod (must_drop_cents − seed_cents)). */
    drop_cents: cents,
    /** The drop point was set by the test configuration, not drawn (never in real operation). */
    forced: z.boolean(),
    /** The ledger transaction of the bet that took the amount to the drop point. */
    winning_transaction: z.number().int(),
    won_cents: cents,
    winner: z.string(),
    game: z.object({ title: z.string(), url_id: z.string() }).nullable(),
    opened_at: iso,
    won_at: iso,
  })
  .meta({ id: 'JackpotCycle' });
export type JackpotCycle = z.infer<typeof jackpotCycle>;

export const winner = z
  .object({
    /** The display name masked: first two letters and the last (`Ni***s`). */
    name: z.string(),
    amount_cents: cents,
    currency: z.string(),
    game: z.object({ title: z.string(), url_id: z.string() }).nullable(),
    /** The jackpot tier, for a jackpot win. */
    jackpot: z.enum(jackpotTierIds).nullable(),
    won_at: iso,
  })
  .meta({ id: 'Winner' });
export type Winner = z.infer<typeof winner>;

const tags = ['jackpot'];
const currencyQuery = z.object({ currency: currency.optional() });

export const jackpotApi = {
  current: endpoint({
    method: 'GET',
    path: '/jackpots',
    query: currencyQuery,
    tags,
    summary:
      "The jackpot's tiers now in a currency (the player's active one, else the default): amount, seed, must-drop amount and the running cycle's committed seed hash",
    responses: { 200: jackpots, 422: errorBody },
  }),
  cycles: endpoint({
    method: 'GET',
    path: '/jackpots/cycles',
    query: currencyQuery,
    tags,
    summary:
      'The won cycles of the tiers, newest first (50): server seed revealed with its hash, drop point and winning bet',
    responses: { 200: z.array(jackpotCycle), 422: errorBody },
  }),
};

export const jackpotOperatorApi = {
  forceDrop: endpoint({
    method: 'POST',
    path: '/operator/jackpots/:currency/:tier/drop',
    ability: ['create', 'Jackpot'],
    params: z.object({ currency, tier: z.enum(jackpotTierIds) }),
    tags: ['operator'],
    summary:
      'Test configuration only (JACKPOT_TEST_DROP=on): the running cycle of the tier drops on its next contribution',
    responses: { 200: jackpotTier, 401: errorBody, 422: errorBody },
  }),
};

export const winnersApi = {
  top: endpoint({
    method: 'GET',
    path: '/stats/winners/top',
    tags: ['stats'],
    summary: 'The biggest wins of the last 30 days (10), ranked by their euro value',
    responses: { 200: z.array(winner) },
  }),
  latest: endpoint({
    method: 'GET',
    path: '/stats/winners/latest',
    tags: ['stats'],
    summary: 'The latest wins (10), newest first',
    responses: { 200: z.array(winner) },
  }),
};
