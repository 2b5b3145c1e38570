import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The rule of sql/README.md: each SQL function's current body is sql/functions/<name>.sql, and the latest
// migration that defines the function restates it.
const functionsFolder = new URL('../sql/functions/', import.meta.url);
const migrationsFolder = new URL('../migrations/', import.meta.url);

/** SQL without its comments, whitespace collapsed (none beside punctuation), quoted text kept as it is. */
function normalise(sql: string): string {
  let out = '';
  let at = 0;
  while (at < sql.length) {
    if (sql.startsWith('--', at)) {
      const end = sql.indexOf('\n', at);
      at = end === -1 ? sql.length : end;
      out += ' ';
    } else if (sql.startsWith('/*', at)) {
      const end = sql.indexOf('*/', at + 2);
      at = end === -1 ? sql.length : end + 2;
      out += ' ';
    } else if (sql[at] === "'" || sql[at] === '"') {
      // A quoted literal or identifier; a doubled quote inside it is an escaped quote.
      const quote = sql[at];
      let end = at + 1;
      while (end < sql.length && !(sql[end] === quote && sql[end + 1] !== quote)) {
        end += sql[end] === quote ? 2 : 1;
      }
      out += sql.slice(at, end + 1);
      at = end + 1;
    } else {
      out += /\s/.test(sql[at] as string) ? ' ' : sql[at];
      at += 1;
    }
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/ ?([^\w\s'"$]) ?/g, '$1')
    .trim();
}

const definitionStart = /\bCREATE (?:OR REPLACE )?FUNCTION (?:"?public"?\.)?"?(\w+)"?/gi;
const dropStatement = /\bDROP FUNCTION (?:IF EXISTS )?(?:"?public"?\.)?"?(\w+)"?/gi;

/**
 * The functions a piece of normalised SQL defines or drops, in order, each definition as its statement
 * from CREATE to the semicolon after its dollar-quoted body. A migration may say CREATE FUNCTION where the
 * source file, restated by later migrations, says CREATE OR REPLACE: the definition is the same.
 */
function functionStatements(sql: string): { name: string; definition: string | null }[] {
  const found: { name: string; definition: string | null; at: number }[] = [];
  for (const match of sql.matchAll(definitionStart)) {
    const bodyStart = /\$(\w*)\$/.exec(sql.slice(match.index));
    if (!bodyStart) throw new Error(`no $$ body after CREATE FUNCTION ${match[1]}`);
    const bodyFrom = match.index + bodyStart.index + bodyStart[0].length;
    const bodyEnd = sql.indexOf(bodyStart[0], bodyFrom);
    const end = sql.indexOf(';', bodyEnd + bodyStart[0].length);
    if (bodyEnd === -1 || end === -1) throw new Error(`unterminated body of function ${match[1]}`);
    const definition = sql
      .slice(match.index, end + 1)
      .replace(/^CREATE (?:OR REPLACE )?FUNCTION/i, 'CREATE FUNCTION');
    found.push({ name: (match[1] as string).toLowerCase(), definition, at: match.index });
  }
  for (const match of sql.matchAll(dropStatement)) {
    found.push({ name: (match[1] as string).toLowerCase(), definition: null, at: match.index });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** Each function's definition in the latest migration (in the journal's order) that defines or drops it. */
function latestDefinitions(): Map<string, { migration: string; definition: string | null }> {
  const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', migrationsFolder), 'utf8')) as {
    entries: { tag: string }[];
  };
  const latest = new Map<string, { migration: string; definition: string | null }>();
  for (const { tag } of journal.entries) {
    const sql = normalise(readFileSync(new URL(`${tag}.sql`, migrationsFolder), 'utf8'));
    for (const { name, definition } of functionStatements(sql)) {
      latest.set(name, { migration: `${tag}.sql`, definition });
    }
  }
  return latest;
}

const sourceFiles = readdirSync(functionsFolder).filter((file) => file.endsWith('.sql'));
const latest = latestDefinitions();

describe('SQL function sources', () => {
  it('finds the functions the migrations define', () => {
    // A parser that found nothing would make every comparison below vacuous.
    expect([...latest.keys()]).toEqual(expect.arrayContaining(['ledger_book', 'ledger_try_book']));
  });

  const defined = [...latest.entries()].flatMap(([name, { migration, definition }]) =>
    definition === null ? [] : [{ name, file: `${name}.sql`, migration, definition }],
  );
  it.each(defined)(
    'sql/functions/$file matches $migration, the latest migration defining $name',
    ({ name, migration, definition }) => {
      expect(
        sourceFiles,
        `${name} is defined in ${migration} but has no sql/functions/${name}.sql`,
      ).toContain(`${name}.sql`);
      const source = normalise(readFileSync(new URL(`${name}.sql`, functionsFolder), 'utf8'));
      const statements = functionStatements(source);
      expect(statements.map((statement) => statement.name)).toEqual([name]);
      expect(
        statements[0]?.definition,
        `sql/functions/${name}.sql differs from ${migration}: a change edits the source file AND adds a ` +
          'migration restating it (sql/README.md)',
      ).toBe(definition);
    },
  );

  it.each(sourceFiles)('sql/functions/%s is defined by a migration', (file) => {
    const entry = latest.get(file.replace(/\.sql$/, ''));
    expect(entry, `no migration defines the function of ${file}`).toBeDefined();
    expect(entry?.definition, `${entry?.migration} drops the function of ${file}`).not.toBeNull();
  });
});
