import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * Balance adjustments (issue 38): an operator corrects a player's real balance with a reason, as a
 * booked ledger movement against the house, never an edit. Above the four-eyes amount of its currency
 * (BALANCE_ADJUSTMENT_FOUR_EYES_ABOVE) it waits for a second operator.
 *
 *   POST /api/operator/players/:id/adjustments     asks for one: booked (201) or waiting (202)
 *   GET  /api/operator/adjustments                 by status (pending first) and player
 *   POST /api/operator/adjustments/:id/approve     the second operator books it
 *   POST /api/operator/adjustments/:id/reject      or refuses it, with a reason
 */

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];
const reason = z.string().trim().min(3).max(300).check(oneLine);

export const balanceAdjustmentStatuses = ['pending', 'booked', 'rejected'] as const;

export const balanceAdjustment = z
  .object({
    id: z.uuid(),
    player_id: z.uuid(),
    currency: z.string(),
    /** Minor units: positive credits the player's real balance, negative debits it. */
    amount_cents: z.number().int(),
    reason: z.string(),
    status: z.enum(balanceAdjustmentStatuses),
    /** `operator:<id>`. */
    requested_by: z.string(),
    requested_at: iso,
    decided_by: z.string().nullable(),
    decided_at: iso.nullable(),
    rejection_reason: z.string().nullable(),
  })
  .meta({ id: 'BalanceAdjustment' });
export type BalanceAdjustment = z.infer<typeof balanceAdjustment>;

const adjustmentId = z.object({ id: z.uuid('expected an adjustment id') });

export const adjustmentOperatorApi = {
  request: endpoint({
    method: 'POST',
    path: '/operator/players/:id/adjustments',
    ability: ['create', 'BalanceAdjustment'],
    tags: operatorTags,
    summary: "Corrects a player's real balance with a reason: booked at once, or above four eyes waiting",
    description:
      'Booked against the house as a ledger movement (201). Above BALANCE_ADJUSTMENT_FOUR_EYES_ABOVE of its currency it waits for another operator (202). A debit beyond the real balance is refused.',
    params: z.object({ id: z.uuid() }),
    body: z.object({
      currency: z.string().regex(/^[A-Z0-9]{3,5}$/, 'expected a currency code'),
      amount_cents: z
        .number()
        .int()
        .refine((amount) => amount !== 0, 'expected an amount other than zero')
        .refine((amount) => Math.abs(amount) <= 100_000_000_00, 'expected a smaller amount'),
      reason,
    }),
    responses: {
      201: balanceAdjustment,
      202: balanceAdjustment,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      422: errorBody,
    },
  }),
  list: endpoint({
    method: 'GET',
    path: '/operator/adjustments',
    ability: ['read', 'BalanceAdjustment'],
    tags: operatorTags,
    summary: 'Balance adjustments in a status (pending by default), oldest first, of one player or all',
    query: z.object({
      status: z.enum(balanceAdjustmentStatuses).default('pending'),
      player_id: z.uuid().optional(),
    }),
    responses: { 200: z.array(balanceAdjustment), 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  approve: endpoint({
    method: 'POST',
    path: '/operator/adjustments/:id/approve',
    ability: ['approve', 'BalanceAdjustment'],
    tags: operatorTags,
    summary: 'Books a waiting adjustment: the second pair of eyes, never the operator who asked for it',
    params: adjustmentId,
    responses: {
      200: balanceAdjustment,
      401: errorBody,
      403: errorBody,
      404: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  reject: endpoint({
    method: 'POST',
    path: '/operator/adjustments/:id/reject',
    ability: ['approve', 'BalanceAdjustment'],
    tags: operatorTags,
    summary: 'Refuses a waiting adjustment with a reason: no money moves',
    params: adjustmentId,
    body: z.object({ reason }),
    responses: { 200: balanceAdjustment, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
  }),
};
