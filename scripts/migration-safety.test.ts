import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockingStatements } from './migration-safety.ts';

const repositoryMigrations = fileURLToPath(new URL('../packages/db/migrations', import.meta.url));

describe('migrations that would lock a large table', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** A migrations folder holding one migration per statement, as drizzle-kit writes them. */
  function migrations(statements: string[]): string {
    const tags = statements.map((_, at) => `${String(43 + at).padStart(4, '0')}_step`);
    mkdirSync(path.join(folder, 'meta'), { recursive: true });
    writeFileSync(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ entries: tags.map((tag) => ({ tag })) }),
    );
    for (const [at, tag] of tags.entries()) {
      writeFileSync(path.join(folder, `${tag}.sql`), `${statements[at]}--> statement-breakpoint\n`);
    }
    return folder;
  }

  it('are none in the repository', () => {
    expect(lockingStatements(repositoryMigrations)).toEqual([]);
  });

  it('are refused, each with the way to do it instead', () => {
    const refused = lockingStatements(
      migrations([
        'CREATE INDEX "ledger_entries_amount_idx" ON "ledger_entries" USING btree ("amount");',
        'CREATE UNIQUE INDEX "sessions_ip_idx" ON "sessions" ("ip");',
        'ALTER TABLE "ledger_transactions" ALTER COLUMN "kind" SET DATA TYPE varchar(40);',
        'ALTER TABLE "players" ALTER COLUMN "phone" SET NOT NULL;',
        'ALTER TABLE "events" ADD CONSTRAINT "events_name_check" CHECK (name <> \'\');',
        'ALTER TABLE "game_sessions" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;',
      ]),
    );
    expect(refused.map(({ migration, reason }) => `${migration}: ${reason.split(':')[0]}`)).toEqual([
      '0043_step: builds an index while holding off every write to the table',
      '0044_step: builds an index while holding off every write to the table',
      '0045_step: rewrites the whole table under an exclusive lock',
      '0046_step: scans the table under an exclusive lock',
      '0047_step: checks every row under a lock',
      '0048_step: a volatile default is written into every row under an exclusive lock',
    ]);
  });

  it('let through what does not hold the table: concurrent builds, NOT VALID, constant defaults, small tables', () => {
    expect(
      lockingStatements(
        migrations([
          'CREATE INDEX CONCURRENTLY "ledger_entries_amount_idx" ON "ledger_entries" ("amount");',
          'ALTER TABLE "events" ADD CONSTRAINT "events_name_check" CHECK (name <> \'\') NOT VALID;',
          'ALTER TABLE "players" ADD COLUMN "nickname" text DEFAULT \'\' NOT NULL;',
          'CREATE INDEX "wheel_prizes_idx" ON "wheel_prizes" ("position");',
          'ALTER TABLE "currencies" ALTER COLUMN "symbol" SET NOT NULL;',
        ]),
      ),
    ).toEqual([]);
  });
});
