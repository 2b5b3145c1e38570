import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { type Db, migrationsFolder } from './client.ts';

interface Journal {
  entries: { tag: string; when: number }[];
}

/**
 * The migrations of a folder that this database has not applied, oldest first (empty when it is up to
 * date, or ahead: a newer release's expand step). drizzle's migrator records each applied migration with
 * its journal time (`created_at`) and applies those newer than the last it recorded, so this asks the same.
 */
export async function pendingMigrations(
  db: Db,
  migrations: MigrationConfig = { migrationsFolder },
): Promise<string[]> {
  const journalFile = path.join(migrations.migrationsFolder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const table = `"${migrations.migrationsSchema ?? 'drizzle'}"."${migrations.migrationsTable ?? '__drizzle_migrations'}"`;
  const { rows: present } = (await db.execute(
    sql`select to_regclass(${table}) is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  let last = Number.NEGATIVE_INFINITY;
  if (present[0]?.present) {
    const { rows } = (await db.execute(
      sql`select max(created_at) as last from ${sql.raw(table)}`,
    )) as unknown as { rows: { last: string | number | null }[] };
    if (rows[0]?.last !== null && rows[0]?.last !== undefined) last = Number(rows[0].last);
  }
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
