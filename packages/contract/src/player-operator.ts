import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';
import { account } from './wallet.ts';

/*
 * The back office's view of players (issue 38, Player 360):
 *
 *   GET /api/operator/players           finds players by email, id or name, country, status, KYC state and group
 *   GET /api/operator/players/:id       one player's profile, balances per currency and groups
 *   GET /api/operator/players/:id/notes   what operators wrote on the player's record, newest first
 *   POST /api/operator/players/:id/notes  writes one
 *   POST /api/operator/players/:id/suspend    suspends the account, with a reason
 *   POST /api/operator/players/:id/reinstate  lifts a suspension, with a reason
 *   POST /api/operator/players/:id/close      closes the account for good, with a reason
 */

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];

export const playerStatuses = ['active', 'disabled'] as const;

export const playerSearchQuery = z.object({
  /** An id (exact), an email or its start, or the start of a first or last name; letter case ignored. */
  q: z.string().trim().max(254).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'expected a country code')
    .optional(),
  status: z.enum(playerStatuses).optional(),
  /**
   * Identity verification: approved identity and address documents (`verified`), a document waiting
   * for review (`pending_review`), or not verified yet (`unverified`).
   */
  kyc: z.enum(['verified', 'pending_review', 'unverified']).optional(),
  /** Members of a group: a VIP level's (`loyalty_gold` …), `vip`, `high_roller` or any other. */
  group: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, 'expected a group id')
    .optional(),
  /** How many to answer, newest registration first. */
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const playerSummary = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string(),
    status: z.enum(playerStatuses),
    created_at: iso,
  })
  .meta({ id: 'OperatorPlayerSummary' });
export type PlayerSummary = z.infer<typeof playerSummary>;

/**
 * What operators decided of a player's account: active, suspended (no sign-in, no money moves, no
 * bets, until reinstated) or closed (the same, for good).
 */
export const playerAccountStates = ['active', 'suspended', 'closed'] as const;
export type PlayerAccountStateName = (typeof playerAccountStates)[number];

export const playerAccountState = z
  .object({
    state: z.enum(playerAccountStates),
    /** The operator's reason for the last change; null for an account never suspended or closed. */
    reason: z.string().nullable(),
    changed_at: iso.nullable(),
    /** `operator:<id>` of who made the last change. */
    changed_by: z.string().nullable(),
    /** Their name, as the console shows it (null when their account is gone). */
    changed_by_name: z.string().nullable(),
  })
  .meta({ id: 'OperatorPlayerAccountState' });
export type PlayerAccountState = z.infer<typeof playerAccountState>;

export const playerOverview = playerSummary
  .extend({
    language: z.enum(['en', 'el']),
    date_of_birth: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    confirmed: z.boolean(),
    verified: z.boolean(),
    groups: z.array(z.string()),
    accounts: z.array(account),
    account_state: playerAccountState,
  })
  .meta({ id: 'OperatorPlayerOverview' });
export type PlayerOverview = z.infer<typeof playerOverview>;

export const playerOperatorApi = {
  search: endpoint({
    method: 'GET',
    path: '/operator/players',
    ability: ['read', 'PlayerAccount'],
    query: playerSearchQuery,
    tags: operatorTags,
    summary:
      'Finds players by id, email or name, country, status, KYC state and group (VIP level), newest first',
    responses: { 200: z.array(playerSummary), 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  overview: endpoint({
    method: 'GET',
    path: '/operator/players/:id',
    ability: ['read', 'PlayerAccount'],
    params: z.object({ id: z.uuid() }),
    tags: operatorTags,
    summary: "One player's profile, balances per currency and groups",
    responses: { 200: playerOverview, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
};

export const playerNote = z
  .object({
    id: z.number().int(),
    /** `operator:<id>` of who wrote it. */
    author: z.string(),
    /** Their name, as the console shows it. */
    author_name: z.string().nullable(),
    body: z.string(),
    created_at: iso,
  })
  .meta({ id: 'OperatorPlayerNote' });
export type PlayerNote = z.infer<typeof playerNote>;

export const playerNotesApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/players/:id/notes',
    ability: ['read', 'PlayerNote'],
    params: z.object({ id: z.uuid() }),
    tags: operatorTags,
    summary: "What operators wrote on a player's record, newest first (at most 100)",
    responses: { 200: z.array(playerNote), 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  add: endpoint({
    method: 'POST',
    path: '/operator/players/:id/notes',
    ability: ['create', 'PlayerNote'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ body: z.string().trim().min(2).max(2000) }),
    tags: operatorTags,
    summary: "Writes a note on a player's record, under the operator's name; never edited",
    responses: { 201: playerNote, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody },
  }),
};

const accountChange = <P extends string>(path: P, summary: string, description: string) =>
  endpoint({
    method: 'POST',
    path: `/operator/players/:id/${path}` as const,
    ability: ['update', 'PlayerAccount'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: z.string().trim().min(3).max(300).check(oneLine) }),
    tags: operatorTags,
    summary,
    description,
    responses: {
      200: playerAccountState,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  });

/** Suspending, reinstating and closing a player's account (issue 38), each with a reason, each audited. */
export const playerAccountOperatorApi = {
  suspend: accountChange(
    'suspend',
    "Suspends an active player's account, with a reason",
    'The player is signed out everywhere at once and cannot sign in, deposit, ask for a withdrawal or bet until reinstated. An account already suspended or closed is 409.',
  ),
  reinstate: accountChange(
    'reinstate',
    "Lifts a suspension of a player's account, with a reason",
    'The player can sign in and move money again. Only a suspended account is reinstated: a closed one never is (409), nor an active one.',
  ),
  close: accountChange(
    'close',
    "Closes a player's account for good, with a reason",
    'As a suspension, but final: a closed account is never reinstated. An active or suspended account can be closed; a closed one is 409.',
  ),
};
