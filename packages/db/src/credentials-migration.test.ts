import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrationsFolder } from './client.ts';
import { seed } from './seed.ts';
import { openTestDatabase, testDatabaseKinds } from './testing.ts';

type Rows = { rows: Record<string, unknown>[] };

/** The migrations as they stood before `tag`: a copy of the folder whose journal ends just before it. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

// An operator upgrading a running casino: players who signed up before 0041 still get in as they did.
describe.each(testDatabaseKinds)('0041 moves how players sign in to auth’s table, on %s', (kind) => {
  let database: Database;
  let before: string;

  beforeAll(async () => {
    before = migrationsBefore('0041_player_credentials');
    database = await openTestDatabase(kind, 'empty');
    await database.migrate({ migrationsFolder: before });
    await seed(database.db);
    await database.db.execute(sql`
      insert into players (email, currency, terms_acceptance, age_acceptance, password_hash, failed_attempts,
        locked_at, reset_password_token_hash, reset_password_sent_at, sign_in_count, current_sign_in_at,
        last_sign_in_at)
      values
        ('eleni@example.gr', 'EUR', true, true, '$argon2id$eleni', 3, null, 'reset-hash',
          '2026-11-01T10:00:00Z', 7, '2026-11-02T10:00:00Z', '2026-10-30T10:00:00Z'),
        ('nikos@example.gr', 'EUR', true, true, null, 10, '2026-11-03T10:00:00Z', null, null, 1,
          '2026-11-03T09:00:00Z', null)`);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps each player’s own password, lock, token and counts, and takes the columns off players', async () => {
    const moved = (await database.db.execute(sql`
      select p.email, c.password_hash, c.failed_attempts, c.locked_at is not null as locked,
        c.reset_password_token_hash, c.sign_in_count, c.last_sign_in_at is not null as signed_in_before
      from player_credentials c join players p on p.id = c.player_id order by p.email`)) as unknown as Rows;
    expect(moved.rows).toEqual([
      {
        email: 'eleni@example.gr',
        password_hash: '$argon2id$eleni',
        failed_attempts: 3,
        locked: false,
        reset_password_token_hash: 'reset-hash',
        sign_in_count: 7,
        signed_in_before: true,
      },
      {
        email: 'nikos@example.gr',
        password_hash: null,
        failed_attempts: 10,
        locked: true,
        reset_password_token_hash: null,
        sign_in_count: 1,
        signed_in_before: false,
      },
    ]);
    const left = (await database.db.execute(sql`
      select column_name from information_schema.columns
      where table_name = 'players' and column_name in ('password_hash', 'locked_at', 'sign_in_count')`)) as unknown as Rows;
    expect(left.rows).toEqual([]);
  });
});
