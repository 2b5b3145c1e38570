import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';
import { payment } from './wallet.ts';

/*
 * The payments desk of the back office (issue 38): every deposit and withdrawal by kind and status
 * (the failed ones among them), and holds on a player's withdrawals while something is checked.
 *
 *   GET  /api/operator/payments                         by kind, status and player, newest first
 *   GET  /api/operator/players/:id/withdrawal_hold      the hold in force, if any
 *   POST /api/operator/players/:id/withdrawal_hold      places one, with a reason
 *   POST /api/operator/players/:id/withdrawal_hold/lift lifts it, with a reason
 */

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];
const reason = z.string().trim().min(3).max(300).check(oneLine);
const playerId = z.object({ id: z.uuid('expected a player id') });

export const operatorPayment = payment
  .omit({ timeline: true })
  .extend({ player_id: z.uuid(), player_email: z.string() })
  .meta({ id: 'OperatorPayment' });
export type OperatorPayment = z.infer<typeof operatorPayment>;

export const withdrawalHold = z
  .object({
    id: z.uuid(),
    player_id: z.uuid(),
    reason: z.string(),
    /** `operator:<id>` of who placed it, and their name. */
    placed_by: z.string(),
    placed_by_name: z.string().nullable(),
    placed_at: iso,
    lifted_by: z.string().nullable(),
    lifted_at: iso.nullable(),
    lift_reason: z.string().nullable(),
  })
  .meta({ id: 'WithdrawalHold' });
export type WithdrawalHold = z.infer<typeof withdrawalHold>;

export const paymentsOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/payments',
    ability: ['read', 'Payment'],
    tags: operatorTags,
    summary: 'Deposits and withdrawals by kind, status and player, newest first, paged by `before`',
    query: z.object({
      kind: z.enum(['deposit', 'withdrawal']).optional(),
      status: z
        .enum(['pending', 'succeeded', 'failed', 'approved', 'paid', 'cancelled', 'rejected'])
        .optional(),
      player_id: z.uuid().optional(),
      /** The created_at of the last payment of the previous page. */
      before: iso.optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    responses: { 200: z.array(operatorPayment), 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  hold: endpoint({
    method: 'GET',
    path: '/operator/players/:id/withdrawal_hold',
    ability: ['read', 'WithdrawalHold'],
    tags: operatorTags,
    summary: "The hold on the player's withdrawals in force, or null",
    params: playerId,
    responses: {
      200: z.object({ hold: withdrawalHold.nullable() }),
      401: errorBody,
      403: errorBody,
      404: errorBody,
    },
  }),
  placeHold: endpoint({
    method: 'POST',
    path: '/operator/players/:id/withdrawal_hold',
    ability: ['create', 'WithdrawalHold'],
    tags: operatorTags,
    summary:
      "Holds the player's withdrawals: none is approved, automatically or by an operator, until lifted",
    params: playerId,
    body: z.object({ reason }),
    responses: {
      201: withdrawalHold,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  liftHold: endpoint({
    method: 'POST',
    path: '/operator/players/:id/withdrawal_hold/lift',
    ability: ['delete', 'WithdrawalHold'],
    tags: operatorTags,
    summary: "Lifts the hold on the player's withdrawals; those waiting can be approved again",
    params: playerId,
    body: z.object({ reason }),
    responses: {
      200: withdrawalHold,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
};
