import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Tables that grow with play and history: a statement that holds a lock on one of them for the length of
 * a scan or a rewrite stops bets, sign-ins or pushes on every instance while it runs. Rolling deploys
 * change them in expand/contract steps instead (docs/decisions/0036-expand-contract-migrations.md).
 */
export const largeTables = [
  'ledger_transactions',
  'ledger_entries',
  'ledger_accounts',
  'game_sessions',
  'events',
  'sessions',
  'emails',
  'realtime_publications',
  'compliance_audit_log',
  'players',
  'player_credentials',
];

/** The migrations written before this rule, which ran on every database already: not judged again. */
export const judgedFrom = '0043';

export interface Refusal {
  migration: string;
  statement: string;
  reason: string;
}

const large = `"?(?:public"?\\.)?"?(${largeTables.join('|')})"?`;
const rules: { pattern: RegExp; reason: string }[] = [
  {
    pattern: new RegExp(
      `^create\\s+(?:unique\\s+)?index\\s+(?!concurrently)[^;]*?\\bon\\s+(?:only\\s+)?${large}`,
      'i',
    ),
    reason:
      'builds an index while holding off every write to the table: build it CONCURRENTLY, outside the migration',
  },
  {
    pattern: new RegExp(
      `^alter\\s+table\\s+(?:only\\s+)?${large}[^;]*\\balter\\s+column\\s+\\S+\\s+(?:set\\s+data\\s+)?type\\b`,
      'i',
    ),
    reason:
      'rewrites the whole table under an exclusive lock: add a new column, backfill it, switch, drop the old',
  },
  {
    pattern: new RegExp(`^alter\\s+table\\s+(?:only\\s+)?${large}[^;]*\\bset\\s+not\\s+null\\b`, 'i'),
    reason:
      'scans the table under an exclusive lock: add a CHECK (… IS NOT NULL) NOT VALID, validate it, then SET NOT NULL',
  },
  {
    pattern: new RegExp(
      `^alter\\s+table\\s+(?:only\\s+)?${large}[^;]*\\badd\\s+constraint\\b(?![^;]*\\bnot\\s+valid\\b)[^;]*\\b(?:foreign\\s+key|check)\\b`,
      'i',
    ),
    reason:
      'checks every row under a lock: add the constraint NOT VALID, then VALIDATE CONSTRAINT in a later step',
  },
  {
    pattern: new RegExp(
      `^alter\\s+table\\s+(?:only\\s+)?${large}[^;]*\\badd\\s+column\\b[^;]*\\bdefault\\s+[^;]*\\b(?:now|random|gen_random_uuid|clock_timestamp|nextval)\\s*\\(`,
      'i',
    ),
    reason:
      'a volatile default is written into every row under an exclusive lock: add the column without it, backfill in batches',
  },
];

/** The statements of a drizzle migration (split on its breakpoints and semicolons), comments dropped. */
export function statementsOf(text: string): string[] {
  return text
    .split(/--> statement-breakpoint|;\s*(?:\n|$)/)
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim()
        .replace(/\s+/g, ' '),
    )
    .filter((statement) => statement.length > 0);
}

/** Every statement of the migrations from `judgedFrom` on that would lock a large table while it runs. */
export function lockingStatements(migrationsFolder: string): Refusal[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const refusals: Refusal[] = [];
  for (const { tag } of journal.entries) {
    if (tag < judgedFrom) continue;
    for (const statement of statementsOf(readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'))) {
      for (const { pattern, reason } of rules) {
        if (pattern.test(statement)) refusals.push({ migration: tag, statement, reason });
      }
    }
  }
  return refusals;
}
