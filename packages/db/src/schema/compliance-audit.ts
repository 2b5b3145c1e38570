import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The compliance audit trail (issue 17, docs/decisions/0024-audit-trail.md): every compliance-relevant
 * action (a limit set or changed, a break, a self-exclusion, a verification decision, an operator's
 * decision on a withdrawal), appended in the transaction that makes it. Append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE) and hash-chained: each row's hash is SHA-256 over the previous row's hash
 * and the canonical JSON of its own fields, so `npm run audit:verify` finds the first row changed.
 */
export const complianceAuditLog = pgTable(
  'compliance_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** `player:<id>`, `operator` or `system`. */
    actor: text('actor').notNull(),
    /** What was done, `<subject>.<verb>`: `limit.set`, `break.taken`, `withdrawal.approved` … */
    action: text('action').notNull(),
    /** The player the action concerns, if any. */
    playerId: uuid('player_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** Where the request came from; null for the platform's own jobs. */
    ip: text('ip'),
    /** The hash of the row before (64 zeros for the first). */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [index('compliance_audit_log_player_idx').on(table.playerId, table.id)],
);
