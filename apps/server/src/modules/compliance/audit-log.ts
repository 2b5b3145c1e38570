import { createHash } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { asc, desc, gt, sql } from 'drizzle-orm';

/*
 * The compliance audit trail (issue 17, docs/decisions/0024-audit-trail.md). Each row's hash is
 * SHA-256 over the previous row's hash followed by the canonical JSON of the row's own fields, so a
 * row changed, removed or slipped in afterwards breaks the chain from there on; `npm run audit:verify`
 * recomputes it. The table refuses UPDATE, DELETE and TRUNCATE (migration 0025).
 */

/**
 * Who acted: the player themselves, an operator by their id (signed in, or an API token they made:
 * modules/operators), or the platform's own jobs. Rows written before operators were principals say
 * `operator` alone.
 */
export type AuditActor = `player:${string}` | `operator:${string}` | 'system';

/** What an audit row says: the row's id, time and hashes are the log's. */
export interface AuditEntry {
  actor: AuditActor;
  /** `<subject>.<verb>`: `limit.set`, `limit.raise_requested`, `break.taken`, `withdrawal.approved` … */
  action: string;
  playerId?: string | null;
  /** What changed, as plain JSON (amounts in minor units with their currency, periods, reasons). */
  details?: Record<string, unknown>;
  /** The request's address; absent for the platform's own jobs. */
  ip?: string | null;
  /** When it happened, on the product's clock (`app.clock`). */
  at: Date;
}

export type AuditRow = typeof schema.complianceAuditLog.$inferSelect;

/** The previous hash of the first row. */
export const genesisHash = '0'.repeat(64);

/**
 * The advisory lock that puts appends in one line across every instance: held to the end of the
 * appending transaction, so the next append reads the last row only once this one is committed (or
 * rolled back). Its first key is the audit trail's own ('audt').
 */
const appendLock = sql`select pg_advisory_xact_lock(${0x61756474}, 1)`;

/**
 * Appends one entry to the audit trail inside the caller's transaction, so the record and the action it
 * records commit (or roll back) together. Call it late in the transaction: from here to the commit,
 * other appenders wait. The transaction must read committed data per statement (PostgreSQL's default,
 * READ COMMITTED), so that it sees the row an appender before it committed.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<AuditRow> {
  await tx.execute(appendLock);
  const [last] = await tx
    .select({ hash: schema.complianceAuditLog.hash })
    .from(schema.complianceAuditLog)
    .orderBy(desc(schema.complianceAuditLog.id))
    .limit(1);
  const { rows } = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('compliance_audit_log', 'id')) as id`,
  )) as unknown as { rows: { id: string | number }[] };
  const fields: AuditFields = {
    id: Number(rows[0]?.id),
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    playerId: entry.playerId ?? null,
    // Plain JSON only, as the database will give it back: undefined members dropped, dates as text.
    details: JSON.parse(JSON.stringify(entry.details ?? {})) as Record<string, unknown>,
    ip: entry.ip ?? null,
  };
  const prevHash = last?.hash ?? genesisHash;
  const [row] = await tx
    .insert(schema.complianceAuditLog)
    .values({ ...fields, prevHash, hash: auditHash(prevHash, fields) })
    .returning();
  if (!row) throw new Error('the audit row was not written');
  return row;
}

type AuditFields = Omit<AuditRow, 'prevHash' | 'hash'>;

/** SHA-256 (hex) over the previous hash and the canonical JSON of the row's fields. */
export function auditHash(prevHash: string, row: AuditFields): string {
  const canonical = canonicalJson({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    player_id: row.playerId,
    details: row.details,
    ip: row.ip,
  });
  return createHash('sha256').update(prevHash).update(canonical).digest('hex');
}

/** JSON with object keys sorted at every depth and no spaces: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  const members = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`);
  return `{${members.join(',')}}`;
}

export type AuditVerification =
  | { ok: true; rows: number; lastHash: string }
  | {
      ok: false;
      rows: number;
      /** The first row whose stored hashes do not follow from the rows before it and its own fields. */
      brokenAt: { id: number; reason: 'prev_hash' | 'hash'; expected: string; found: string };
    };

/**
 * Recomputes the chain from the first row, in id order and in pages, and reports the first row that
 * breaks it: its prev_hash is not the hash of the row before (a row removed or inserted), or its hash
 * is not the hash of its fields (a row changed).
 */
export async function verifyAuditLog(db: Db, pageSize = 1000): Promise<AuditVerification> {
  let expectedPrev = genesisHash;
  let afterId = 0;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(schema.complianceAuditLog)
      .where(gt(schema.complianceAuditLog.id, afterId))
      .orderBy(asc(schema.complianceAuditLog.id))
      .limit(pageSize);
    for (const row of page) {
      rows += 1;
      if (row.prevHash !== expectedPrev) {
        return {
          ok: false,
          rows,
          brokenAt: { id: row.id, reason: 'prev_hash', expected: expectedPrev, found: row.prevHash },
        };
      }
      const hash = auditHash(row.prevHash, row);
      if (row.hash !== hash) {
        return { ok: false, rows, brokenAt: { id: row.id, reason: 'hash', expected: hash, found: row.hash } };
      }
      expectedPrev = row.hash;
      afterId = row.id;
    }
    if (page.length < pageSize) return { ok: true, rows, lastHash: expectedPrev };
  }
}
