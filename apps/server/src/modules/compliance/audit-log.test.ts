import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { genesisHash, recordAudit, verifyAuditLog } from './audit-log.ts';

const playerId = '7b0f5c1e-2a43-4f7e-9a55-0c2d6f1b8e11';

async function rows(database: Database) {
  return database.db.select().from(schema.complianceAuditLog).orderBy(asc(schema.complianceAuditLog.id));
}

/** What only the table's owner can do, and the chain then shows: change a row past the trigger. */
async function tamper(database: Database, change: ReturnType<typeof sql>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table compliance_audit_log disable trigger compliance_audit_log_append_only`);
    await tx.execute(change);
    await tx.execute(sql`alter table compliance_audit_log enable trigger compliance_audit_log_append_only`);
  });
}

describe.each(testDatabaseKinds)('the compliance audit trail (%s)', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('chains each record to the one before and verifies', async () => {
    await database.db.transaction((tx) =>
      recordAudit(tx, {
        at: new Date(),
        actor: `player:${playerId}`,
        action: 'limit.set',
        playerId,
        details: { kind: 'deposit', period: 'week', amount: 5000, currency: 'EUR', skipped: undefined },
        ip: '203.0.113.7',
      }),
    );
    await database.db.transaction((tx) =>
      recordAudit(tx, {
        at: new Date(),
        actor: 'operator:5b8f3c0e-2d41-4c7a-9b1e-0a6f2e9d7c11',
        action: 'withdrawal.approved',
        playerId,
        details: { payment: 'p-1' },
      }),
    );
    await database.db.transaction((tx) =>
      recordAudit(tx, { actor: 'system', action: 'limit.raise_applied', at: new Date() }),
    );

    const [first, second, third] = await rows(database);
    expect(first).toMatchObject({
      actor: `player:${playerId}`,
      action: 'limit.set',
      playerId,
      details: { kind: 'deposit', period: 'week', amount: 5000, currency: 'EUR' },
      ip: '203.0.113.7',
      prevHash: genesisHash,
    });
    expect(first?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second?.prevHash).toBe(first?.hash);
    expect(third).toMatchObject({ prevHash: second?.hash, playerId: null, ip: null, details: {} });
    expect(await verifyAuditLog(database.db)).toEqual({ ok: true, rows: 3, lastHash: third?.hash });
  });

  it('keeps no record of an action whose transaction rolls back', async () => {
    const before = (await rows(database)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: 'operator:5b8f3c0e-2d41-4c7a-9b1e-0a6f2e9d7c11',
          action: 'withdrawal.rejected',
          playerId,
          at: new Date(),
        });
        throw new Error('the rejection failed');
      }),
    ).rejects.toThrow('the rejection failed');
    expect(await rows(database)).toHaveLength(before);
    await database.db.transaction((tx) =>
      recordAudit(tx, {
        actor: 'operator:5b8f3c0e-2d41-4c7a-9b1e-0a6f2e9d7c11',
        action: 'document.approved',
        at: new Date(),
      }),
    );
    expect((await verifyAuditLog(database.db)).ok).toBe(true);
  });

  it('refuses to change or remove a record', async () => {
    const [first] = await rows(database);
    await expect(
      database.db
        .update(schema.complianceAuditLog)
        .set({ action: 'limit.removed' })
        .where(eq(schema.complianceAuditLog.id, first?.id ?? 0)),
    ).rejects.toThrow();
    await expect(database.db.delete(schema.complianceAuditLog)).rejects.toThrow();
    await expect(database.db.execute(sql`truncate compliance_audit_log`)).rejects.toThrow();
    expect(await rows(database)).toHaveLength(4);
    expect((await verifyAuditLog(database.db)).ok).toBe(true);
  });

  it('names the first row changed behind the trigger, then the first row after one removed', async () => {
    const [, second, third] = await rows(database);
    await tamper(
      database,
      sql`update compliance_audit_log set details = '{"payment":"p-2"}' where id = ${second?.id}`,
    );
    expect(await verifyAuditLog(database.db)).toMatchObject({
      ok: false,
      rows: 2,
      brokenAt: { id: second?.id, reason: 'hash', found: second?.hash },
    });

    // Putting the details back mends it; removing the row breaks the chain at the row after it.
    await tamper(
      database,
      sql`update compliance_audit_log set details = '{"payment":"p-1"}' where id = ${second?.id}`,
    );
    expect((await verifyAuditLog(database.db)).ok).toBe(true);
    await tamper(database, sql`delete from compliance_audit_log where id = ${second?.id}`);
    expect(await verifyAuditLog(database.db, 1)).toMatchObject({
      ok: false,
      brokenAt: { id: third?.id, reason: 'prev_hash', expected: (await rows(database))[0]?.hash },
    });
  });
});

describeOnPostgres('the compliance audit trail on PostgreSQL', () => {
  let database: Database & { url?: string };

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('puts appends from two instances in one chain', async () => {
    const other = await createDatabase({ url: database.url, poolSize: 10 });
    try {
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 ? database : other).db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.005)`);
            await recordAudit(tx, { actor: 'system', action: 'test.append', details: { n }, at: new Date() });
          }),
        ),
      );
    } finally {
      await other.close();
    }
    expect(await verifyAuditLog(database.db)).toMatchObject({ ok: true, rows: 40 });
  });

  it('`npm run audit:verify` reports the chain, and the row changed', async () => {
    const run = promisify(execFile);
    const root = fileURLToPath(new URL('../../../../../', import.meta.url));
    const env = { ...process.env, DATABASE_URL: database.url };
    const intact = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: root, env });
    expect(intact.stdout).toMatch(/audit log intact: 40 rows/);

    const [, , third] = await rows(database);
    await tamper(database, sql`update compliance_audit_log set actor = 'operator' where id = ${third?.id}`);
    const broken = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: root, env }).then(
      () => {
        throw new Error('audit:verify passed a changed row');
      },
      (failure: { code: number; stdout: string }) => failure,
    );
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`audit log broken at row ${third?.id}: its hash is ${third?.hash}`);
  });
});
