import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { roundFairness } from './wallet.ts';

/*
 * What a player did, as Player 360 shows it to operators (issue 38): read-only, each part under its
 * own ability, so a role that may not read one gets 403 for it and the console leaves it out.
 *
 *   GET /api/operator/players/:id/ledger     the player's ledger movements, newest first (wallet)
 *   GET /api/operator/players/:id/rounds     the player's game rounds, with what verifies them (games)
 *   GET /api/operator/players/:id/sessions   the player's sign-in sessions and devices (auth)
 */

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];
const playerId = z.object({ id: z.uuid('expected a player id') });
/** Pages go back in time: the `next_before` of one page asks for the one after it. */
const before = z.coerce.number().int().min(1).optional();

/**
 * What the ledger filter offers, each naming the ledger's own kinds it covers: a withdrawal is its
 * hold, its release and its payout; a bonus its grant, forfeit, conversion or a prize paid.
 */
export const operatorLedgerKinds = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'bonus',
  'adjustment',
] as const;
export type OperatorLedgerKind = (typeof operatorLedgerKinds)[number];

export const operatorLedgerMovement = z
  .object({
    id: z.number().int(),
    /** The ledger's kind: deposit, withdrawal_hold, payout, bet, win, rollback, bonus_grant, balance_adjustment… */
    kind: z.string(),
    currency: z.string(),
    /** Change of the player's real plus bonus money, in minor units: negative when it left them. */
    amount_cents: z.number().int(),
    real_cents: z.number().int(),
    bonus_cents: z.number().int(),
    /** Change of money set aside for withdrawals. */
    held_cents: z.number().int(),
    /** The player's real and bonus balance after the movement; null when it did not touch that balance. */
    real_balance_after_cents: z.number().int().nullable(),
    bonus_balance_after_cents: z.number().int().nullable(),
    round: z.string().nullable(),
    game_code: z.string().nullable(),
    game_title: z.string().nullable(),
    /** The payment method of a deposit or withdrawal movement (`card`). */
    method: z.string().nullable(),
    created_at: iso,
  })
  .meta({ id: 'OperatorLedgerMovement' });
export type OperatorLedgerMovement = z.infer<typeof operatorLedgerMovement>;

export const operatorLedgerPage = z
  .object({
    items: z.array(operatorLedgerMovement),
    /** What `before` asks for the next (older) page; null on the last page. */
    next_before: z.number().int().nullable(),
  })
  .meta({ id: 'OperatorLedgerPage' });
export type OperatorLedgerPage = z.infer<typeof operatorLedgerPage>;

export const operatorRound = z
  .object({
    /** The round's first ledger movement: what `before` pages by. */
    id: z.number().int(),
    round: z.string(),
    currency: z.string(),
    game_code: z.string().nullable(),
    game_title: z.string().nullable(),
    status: z.enum(['open', 'settled', 'rolled_back']),
    /** Stakes less any refunded, and what the round paid, in minor units. */
    stake_cents: z.number().int(),
    win_cents: z.number().int(),
    opened_at: iso,
    /** When its win or rollback was booked; null while it is open. */
    closed_at: iso.nullable(),
    /**
     * The in-house studio's provably-fair data: the server seed is revealed once the player rotated
     * the seed pair. Null for other studios' games, or when the studio could not be reached.
     */
    fairness: roundFairness.nullable(),
  })
  .meta({ id: 'OperatorRound' });
export type OperatorRound = z.infer<typeof operatorRound>;

export const operatorRoundsPage = z
  .object({ items: z.array(operatorRound), next_before: z.number().int().nullable() })
  .meta({ id: 'OperatorRoundsPage' });
export type OperatorRoundsPage = z.infer<typeof operatorRoundsPage>;

export const playerSessionSummary = z
  .object({
    started_at: iso,
    /** When a request last came with it, to the minute. */
    last_seen_at: iso,
    expires_at: iso,
    /** When it was ended: signed out, ended by an operator or a session-time limit; null otherwise. */
    ended_at: iso.nullable(),
    /** The session-time limit, in minutes, that ended it. */
    ended_by_limit_minutes: z.number().int().nullable(),
    /** Neither ended nor expired: the player can still use it. */
    current: z.boolean(),
    ip: z.string(),
    /** The user agent, summarised: "Firefox", "Safari" …; null when it named none we know. */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
    user_agent: z.string().nullable(),
  })
  .meta({ id: 'PlayerSessionSummary' });
export type PlayerSessionSummary = z.infer<typeof playerSessionSummary>;

export const playerActivityOperatorApi = {
  ledger: endpoint({
    method: 'GET',
    path: '/operator/players/:id/ledger',
    ability: ['read', 'Ledger'],
    tags: operatorTags,
    summary: "The player's ledger movements, newest first, filtered by kind, currency and dates",
    description:
      'Dates are UTC days, `to` inclusive. A lost round shows as its bet: its win of nothing is left out.',
    params: playerId,
    query: z.object({
      kind: z.enum(operatorLedgerKinds).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3,5}$/, 'expected a currency code such as EUR')
        .optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      before,
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    responses: { 200: operatorLedgerPage, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody },
  }),
  rounds: endpoint({
    method: 'GET',
    path: '/operator/players/:id/rounds',
    ability: ['read', 'GameRound'],
    tags: operatorTags,
    summary: "The player's game rounds, newest first, with what verifies the in-house studio's",
    params: playerId,
    query: z.object({
      game: z.string().trim().min(1).max(100).optional(),
      before,
      limit: z.coerce.number().int().min(1).max(50).default(20),
    }),
    responses: { 200: operatorRoundsPage, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody },
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/operator/players/:id/sessions',
    ability: ['read', 'PlayerSession'],
    tags: operatorTags,
    summary: "The player's sign-in sessions, newest first (at most 50), with the device of each",
    params: playerId,
    responses: {
      200: z.array(playerSessionSummary),
      401: errorBody,
      403: errorBody,
      404: errorBody,
    },
  }),
};
