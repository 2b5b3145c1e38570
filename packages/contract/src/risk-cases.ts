import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * Risk and compliance cases (issue 38): what the casino's own watch of deposits, play and wins raises
 * for an operator to look at. Each case has an owner, a status and a due date; what the operators did
 * about it (a call, a limit suggested, documents asked for, a report to the FIU) is recorded against
 * the player as interventions, each under the operator's name.
 *
 *   GET  /api/operator/cases                      unresolved by default, soonest due first
 *   GET  /api/operator/cases/:id                  one case with the interventions recorded on it
 *   POST /api/operator/cases/:id/assign           gives it an owner (and starts the investigation)
 *   POST /api/operator/cases/:id/resolve          closes it with an outcome and a note
 *   GET  /api/operator/players/:id/interventions  what was done about the player, newest first
 *   POST /api/operator/players/:id/interventions  records one, on a case of theirs or on its own
 */

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];
const note = z.string().trim().min(3).max(1000);

export const riskCaseCategories = ['aml', 'safer_gambling', 'payments'] as const;
export type RiskCaseCategory = (typeof riskCaseCategories)[number];

/** What raised a case, and which category it belongs to. */
export const riskCaseKinds = {
  /** Deposits reaching the licence's due-diligence amount within its window (Malta: €2,000 in 180 days). */
  cumulative_deposits: 'aml',
  /** Many deposits in a short time. */
  deposit_velocity: 'aml',
  /** Many payment methods used in a month. */
  payment_methods: 'aml',
  /** The player asked to raise a deposit, loss or wager limit. */
  limit_raise: 'safer_gambling',
  /** Play without a real break for hours. */
  long_session: 'safer_gambling',
  /** Play in the small hours on several nights of a week. */
  night_play: 'safer_gambling',
  /** A deposit far above the player's usual ones. */
  deposit_spike: 'safer_gambling',
  /** A win above the big-win review amount or multiple of its stake, to check before it is paid out. */
  big_win: 'payments',
} as const satisfies Record<string, RiskCaseCategory>;
export type RiskCaseKind = keyof typeof riskCaseKinds;
const kindNames = Object.keys(riskCaseKinds) as [RiskCaseKind, ...RiskCaseKind[]];

export const riskCaseStatuses = ['open', 'investigating', 'resolved'] as const;
export const riskCaseOutcomes = ['no_action', 'intervened', 'reported'] as const;

export const interventionKinds = [
  'contacted',
  'safer_gambling_message',
  'limit_suggested',
  'documents_requested',
  'source_of_funds_requested',
  'account_restricted',
  'reported_to_fiu',
] as const;

export const riskCase = z
  .object({
    id: z.uuid(),
    player_id: z.uuid(),
    /** The player's email, as the queue shows it. */
    player_email: z.string(),
    kind: z.enum(kindNames),
    category: z.enum(riskCaseCategories),
    status: z.enum(riskCaseStatuses),
    /** The figures that raised it (amounts in euro cents, counts, hours, the win's multiple). */
    facts: z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())])),
    owner_id: z.uuid().nullable(),
    owner_name: z.string().nullable(),
    opened_at: iso,
    due_at: iso,
    outcome: z.enum(riskCaseOutcomes).nullable(),
    resolution_note: z.string().nullable(),
    /** `operator:<id>` of who resolved it. */
    resolved_by: z.string().nullable(),
    resolved_at: iso.nullable(),
  })
  .meta({ id: 'RiskCase' });
export type RiskCase = z.infer<typeof riskCase>;

export const intervention = z
  .object({
    id: z.number().int(),
    player_id: z.uuid(),
    case_id: z.uuid().nullable(),
    kind: z.enum(interventionKinds),
    note: z.string(),
    /** `operator:<id>` of who recorded it, and their name. */
    recorded_by: z.string(),
    recorded_by_name: z.string().nullable(),
    recorded_at: iso,
  })
  .meta({ id: 'RiskIntervention' });
export type Intervention = z.infer<typeof intervention>;

export const riskCaseDetail = riskCase
  .extend({ interventions: z.array(intervention) })
  .meta({ id: 'RiskCaseDetail' });
export type RiskCaseDetail = z.infer<typeof riskCaseDetail>;

const caseId = z.object({ id: z.uuid('expected a case id') });
const playerId = z.object({ id: z.uuid('expected a player id') });

export const riskCaseOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/cases',
    ability: ['read', 'RiskCase'],
    tags: operatorTags,
    summary: 'Cases in a status (every unresolved one by default), soonest due first',
    query: z.object({
      status: z.enum([...riskCaseStatuses, 'unresolved']).default('unresolved'),
      category: z.enum(riskCaseCategories).optional(),
      player_id: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(100),
    }),
    responses: { 200: z.array(riskCase), 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  show: endpoint({
    method: 'GET',
    path: '/operator/cases/:id',
    ability: ['read', 'RiskCase'],
    tags: operatorTags,
    summary: 'One case with the interventions recorded on it',
    params: caseId,
    responses: { 200: riskCaseDetail, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  assign: endpoint({
    method: 'POST',
    path: '/operator/cases/:id/assign',
    ability: ['update', 'RiskCase'],
    tags: operatorTags,
    summary: 'Gives an unresolved case an owner, who investigates it',
    description: 'The owner must be an active operator whose role works cases (risk, compliance or admin).',
    params: caseId,
    body: z.object({ owner_id: z.uuid('expected an operator id') }),
    responses: {
      200: riskCase,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/operator/cases/:id/resolve',
    ability: ['update', 'RiskCase'],
    tags: operatorTags,
    summary: 'Closes a case with its outcome and a note; the watch may raise a new one later',
    params: caseId,
    body: z.object({ outcome: z.enum(riskCaseOutcomes), note: note.check(oneLine) }),
    responses: {
      200: riskCase,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  interventions: endpoint({
    method: 'GET',
    path: '/operator/players/:id/interventions',
    ability: ['read', 'Intervention'],
    tags: operatorTags,
    summary: 'What operators did about a player, newest first (at most 100)',
    params: playerId,
    responses: { 200: z.array(intervention), 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  intervene: endpoint({
    method: 'POST',
    path: '/operator/players/:id/interventions',
    ability: ['create', 'Intervention'],
    tags: operatorTags,
    summary: 'Records what was done about a player, on one of their unresolved cases or on its own',
    params: playerId,
    body: z.object({ kind: z.enum(interventionKinds), note, case_id: z.uuid().optional() }),
    responses: {
      201: intervention,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
};
