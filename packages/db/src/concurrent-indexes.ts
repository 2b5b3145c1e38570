import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Indexes of large tables (scripts/migration-safety.ts), which a migration may not build: drizzle's
 * migrator runs a folder's migrations in one transaction, where `CREATE INDEX CONCURRENTLY` cannot run,
 * and a plain build holds off every write to the table while it reads it (decision 36). The deploy
 * step builds them after the migrations, one at a time, while the previous release keeps serving.
 * Add to the end; never change one that has shipped (a new name instead).
 */
export const concurrentIndexes: { name: string; on: string }[] = [
  // The back office's player search (issue 38, decision 46): prefixes of email and names whatever the
  // collation, the newest registrations in a country or not, and the few disabled players.
  { name: 'players_email_prefix', on: 'players using btree (lower(email) text_pattern_ops)' },
  { name: 'players_first_name_prefix', on: 'players using btree (lower(first_name) text_pattern_ops)' },
  { name: 'players_last_name_prefix', on: 'players using btree (lower(last_name) text_pattern_ops)' },
  { name: 'players_created', on: 'players using btree (created_at)' },
  { name: 'players_country_created', on: 'players using btree (country, created_at)' },
  { name: 'players_disabled_created', on: 'players using btree (created_at) where disabled_at is not null' },
  // The search by group (a VIP level's among them): a group's members without reading every player's.
  { name: 'player_groups_group', on: 'player_groups using btree ("group", player_id)' },
];

/**
 * Builds every index of `concurrentIndexes` the database lacks. On PostgreSQL each is built
 * CONCURRENTLY, outside any transaction; a build that was cut short leaves an invalid index, which is
 * dropped and built again. Embedded PGlite has one connection and nobody to hold off: a plain build.
 * Idempotent: a second deploy finds them all.
 */
export async function buildConcurrentIndexes(database: Database): Promise<string[]> {
  const built: string[] = [];
  for (const index of concurrentIndexes) {
    const { rows } = (await database.db.execute(
      sql`select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
          where c.relname = ${index.name} and c.relkind = 'i'`,
    )) as unknown as { rows: { valid: boolean }[] };
    const [found] = rows;
    if (found?.valid) continue;
    const concurrently = database.kind === 'postgres' ? 'concurrently' : '';
    if (found) await database.db.execute(sql.raw(`drop index ${concurrently} if exists "${index.name}"`));
    await database.db.execute(sql.raw(`create index ${concurrently} "${index.name}" on ${index.on}`));
    built.push(index.name);
  }
  return built;
}
