import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The compliance audit trail as compliance officers read it (issue 38): its rows, newest first, and the
 * verification of its hash chain (what `npm run audit:verify` prints).
 *
 *   GET /api/operator/audit_log?player_id=&actor=&action=&before=&limit=   rows, newest first
 *   GET /api/operator/audit_log/verification                               the chain recomputed
 */

const iso = z.iso.datetime({ offset: true });

export const auditRow = z
  .object({
    id: z.number().int(),
    at: iso,
    /** `player:<id>`, `operator:<id>` (`operator` alone before operators were principals) or `system`. */
    actor: z.string(),
    action: z.string(),
    player_id: z.uuid().nullable(),
    details: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'AuditRow' });
export type AuditRow = z.infer<typeof auditRow>;

export const auditVerification = z
  .discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), rows: z.number().int(), last_hash: z.string() }),
    z.object({
      ok: z.literal(false),
      rows: z.number().int(),
      broken_at: z.object({
        id: z.number().int(),
        reason: z.enum(['prev_hash', 'hash']),
        expected: z.string(),
        found: z.string(),
      }),
    }),
  ])
  .meta({ id: 'AuditVerification' });

export const auditOperatorApi = {
  rows: endpoint({
    method: 'GET',
    path: '/operator/audit_log',
    ability: ['read', 'AuditLog'],
    tags: ['operator'],
    summary: "The audit trail's rows, newest first, by player, actor or action",
    query: z.object({
      player_id: z.uuid().optional(),
      /** `operator:<id>`, `player:<id>` or `system`. */
      actor: z.string().max(100).optional(),
      /** An action (`withdrawal.approved`) or a subject's every action (`withdrawal.`). */
      action: z
        .string()
        .regex(/^[a-z_]+\.(?:[a-z_]+)?$/)
        .optional(),
      /** Rows older than this id: the next page. */
      before: z.coerce.number().int().min(1).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    responses: { 200: z.array(auditRow), 401: errorBody, 403: errorBody, 422: errorBody },
  }),
  verify: endpoint({
    method: 'GET',
    path: '/operator/audit_log/verification',
    ability: ['read', 'AuditLog'],
    tags: ['operator'],
    summary: "The audit trail's hash chain recomputed from its first row: intact, or where it breaks",
    responses: { 200: auditVerification, 401: errorBody, 403: errorBody },
  }),
};
