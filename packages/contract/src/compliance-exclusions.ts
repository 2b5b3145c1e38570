import { exclusionPeriodNames } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Time-outs and self-exclusions (issue 17):
 *
 *   GET  /player/exclusions               the player's exclusions, in force and past, newest first
 *   POST /player/exclusions               takes a break or excludes oneself: signed out everywhere at once
 *   POST /player/exclusions/:id/lift      after its end: the first call starts a 24-hour cooling-off, a
 *                                         second one after it lifts the exclusion
 *   GET  /operator/players/:id/exclusions the same list, for the back office
 *   POST /operator/players/:id/exclusions sets one for the player
 */

export const exclusionKinds = ['timeout', 'self_exclusion'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];
/** A time-out: 24 hours to six weeks (which of them a licence offers: @chrysos/rules licences). */
export const timeoutPeriods = ['24h', '48h', '72h', '1w', '2w', '4w', '6w'] as const;
/** A self-exclusion: six months or longer, or for good. */
export const selfExclusionPeriods = ['6m', '1y', '5y', 'permanent'] as const;
export const exclusionPeriods = [...timeoutPeriods, ...selfExclusionPeriods] as const;
export type ExclusionPeriod = (typeof exclusionPeriods)[number];

/**
 * The periods of a kind that a licence's exclusion rules offer (@chrysos/rules `licenceRules(name).exclusions`),
 * by their API names, shortest first: what the server accepts.
 */
export function offeredExclusionPeriods(
  rules: { timeoutHours: readonly number[]; selfExclusionMonths: readonly (number | null)[] },
  kind: ExclusionKind,
): ExclusionPeriod[] {
  return exclusionPeriodNames(rules, kind).filter((name): name is ExclusionPeriod =>
    (exclusionPeriods as readonly string[]).includes(name),
  );
}

/**
 * `active`: in force, sign-in refused until `ends_at`. `ended`: its time is over but it still holds
 * promotions and play back until lifted. `cooling_off`: lifting asked for, confirmable from
 * `liftable_at`. `lifted`: over.
 */
export const exclusionStates = ['active', 'ended', 'cooling_off', 'lifted'] as const;
export type ExclusionState = (typeof exclusionStates)[number];

const iso = z.iso.datetime({ offset: true });

export const exclusion = z
  .object({
    id: z.uuid(),
    kind: z.enum(exclusionKinds),
    period: z.enum(exclusionPeriods),
    source: z.enum(['player', 'operator']),
    state: z.enum(exclusionStates),
    starts_at: iso,
    /** Null: permanent. */
    ends_at: iso.nullable(),
    lift_requested_at: iso.nullable(),
    /** When a second lift call lifts it (the end of the cooling-off). */
    liftable_at: iso.nullable(),
    lifted_at: iso.nullable(),
  })
  .meta({ id: 'Exclusion' });
export type Exclusion = z.infer<typeof exclusion>;

export const takeExclusionBody = z.object({
  kind: z.enum(exclusionKinds),
  period: z.enum(exclusionPeriods),
});

const id = z.object({ id: z.uuid() });
const tags = ['compliance'];

export const exclusionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/player/exclusions',
    tags,
    summary: "The player's time-outs and self-exclusions, in force and past, newest first",
    responses: { 200: z.array(exclusion), 401: errorBody },
  }),
  take: endpoint({
    method: 'POST',
    path: '/player/exclusions',
    body: takeExclusionBody,
    tags,
    summary:
      'Takes a break or excludes oneself: every session ends, games close, running bonuses are forfeited and promotions stop',
    responses: { 201: exclusion, 401: errorBody, 422: errorBody },
  }),
  lift: endpoint({
    method: 'POST',
    path: '/player/exclusions/:id/lift',
    params: id,
    tags,
    summary:
      'After its end: the first call starts a 24-hour cooling-off, a call after it lifts the exclusion; never earlier',
    responses: { 200: exclusion, 401: errorBody, 404: errorBody, 409: errorBody },
  }),
};

/** The back office's view of a player's exclusions (bearer OPERATOR_API_TOKEN). */
export const exclusionsOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/players/:id/exclusions',
    ability: ['read', 'Exclusion'],
    params: id,
    tags: ['operator'],
    summary: "A player's time-outs and self-exclusions, newest first",
    responses: { 200: z.array(exclusion), 401: errorBody, 404: errorBody },
  }),
  set: endpoint({
    method: 'POST',
    path: '/operator/players/:id/exclusions',
    ability: ['create', 'Exclusion'],
    params: id,
    body: takeExclusionBody.extend({ reason: z.string().trim().min(3).max(300) }),
    tags: ['operator'],
    summary: 'Sets a time-out or self-exclusion for a player, with the same effects as their own',
    responses: { 201: exclusion, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};
