import { limitKinds, limitPeriods } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Player safety and compliance (issue 17). Limits (decision 22):
 *
 *   GET    /player/limits                       the player's limits, each with what is used and left now
 *   PUT    /player/limits                       sets one: new or lower at once, higher after 24 hours
 *   DELETE /player/limits/:kind/:period         removes one after 24 hours (pending until then)
 *   DELETE /player/limits/:kind/:period/pending cancels a pending raise or removal
 *
 * Money limits count over a rolling window (the last 24 hours, 7 days or 30 days) in one currency; a
 * session limit (kind `session`, period `session`) is minutes per sign-in session, for every currency.
 */

const iso = z.iso.datetime({ offset: true });

export const playerLimit = z
  .object({
    kind: z.enum(limitKinds),
    period: z.enum(limitPeriods),
    /** The currency of a money limit; null for a session limit. */
    currency: z.string().nullable(),
    /** Minor units of the currency, or minutes for a session limit. */
    amount: z.number().int(),
    /** Deposited, lost or staked in the current window; minutes of the current session. */
    used: z.number().int(),
    /** What is left before the limit refuses (never below 0). */
    remaining: z.number().int(),
    /** A raise waiting for its 24 hours (null when none). */
    pending_amount: z.number().int().nullable(),
    /** A removal waiting for its 24 hours. */
    pending_removal: z.boolean(),
    /** When the pending raise or removal applies. */
    effective_at: iso.nullable(),
    updated_at: iso,
  })
  .meta({ id: 'PlayerLimit' });
export type PlayerLimit = z.infer<typeof playerLimit>;

export const playerLimits = z
  .object({
    limits: z.array(playerLimit),
    /** What the licence offers: kinds with their periods (packages/rules licences). */
    options: z.array(z.object({ kind: z.enum(limitKinds), periods: z.array(z.enum(limitPeriods)) })),
    /** Malta: limits must be offered before the first deposit. */
    offered_before_first_deposit: z.boolean(),
  })
  .meta({ id: 'PlayerLimits' });
export type PlayerLimits = z.infer<typeof playerLimits>;

export const setLimitBody = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** Required for money limits: one of the player's account currencies. */
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
  amount: z.number().int().positive().max(1_000_000_000_000),
});
export type SetLimitBody = z.infer<typeof setLimitBody>;

const limitParams = z.object({ kind: z.enum(limitKinds), period: z.enum(limitPeriods) });
const limitQuery = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
});

const tags = ['compliance'];
const refusals = { 401: errorBody, 404: errorBody, 422: errorBody };

export const limitsApi = {
  list: endpoint({
    method: 'GET',
    path: '/player/limits',
    tags,
    summary:
      "The player's limits with what is used and left in the current window, and what the licence offers",
    responses: { 200: playerLimits, 401: errorBody },
  }),
  set: endpoint({
    method: 'PUT',
    path: '/player/limits',
    body: setLimitBody,
    tags,
    summary: 'Sets a limit: a new or lower one applies at once, a higher one after 24 hours (pending)',
    responses: { 200: playerLimit, ...refusals },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/player/limits/:kind/:period',
    params: limitParams,
    query: limitQuery,
    tags,
    summary: 'Removes a limit after 24 hours: pending until then, cancellable',
    responses: { 200: playerLimit, ...refusals },
  }),
  cancelPending: endpoint({
    method: 'DELETE',
    path: '/player/limits/:kind/:period/pending',
    params: limitParams,
    query: limitQuery,
    tags,
    summary: 'Cancels a pending raise or removal: the limit stays as it is',
    responses: { 200: playerLimit, ...refusals },
  }),
};

/** The back office's view of a player's limits and reality check (Player 360). */
export const limitsOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/players/:id/limits',
    ability: ['read', 'Exclusion'],
    params: z.object({ id: z.uuid() }),
    tags: ['operator'],
    summary: "A player's limits with what is used in the current window, and their reality-check interval",
    responses: {
      200: z.object({
        limits: z.array(playerLimit),
        /** Minutes between reality checks for this player (the licence's or REALITY_CHECK_MINUTES); null: none. */
        reality_check_minutes: z.number().int().nullable(),
      }),
      401: errorBody,
      403: errorBody,
      404: errorBody,
    },
  }),
};

/*
 * The reality check (spec §1, §4, §6; decision 24): at its interval the browser shows the player how long
 * the session has run and what they staked and won in it.
 *
 *   GET /player/session_summary?since=<ISO time>   the player's stakes and wins since then, per currency
 */

export const sessionSummaryQuery = z.object({
  /** When the session began (the browser's reality-check timer remembers it); not in the future. */
  since: iso.refine((value) => Date.parse(value) <= Date.now() + 60_000, 'must not be in the future'),
});

export const sessionSummary = z
  .object({
    since: iso,
    /** Per currency the player played in: stakes less stakes rolled back, and winnings, in minor units. */
    currencies: z.array(
      z.object({
        currency: z.string(),
        wagered_cents: z.number().int(),
        won_cents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'SessionSummary' });
export type SessionSummary = z.infer<typeof sessionSummary>;

export const realityCheckApi = {
  sessionSummary: endpoint({
    method: 'GET',
    path: '/player/session_summary',
    query: sessionSummaryQuery,
    tags,
    summary: 'What the player staked and won since the session began, per currency (the reality check)',
    responses: { 200: sessionSummary, 401: errorBody, 422: errorBody },
  }),
};
