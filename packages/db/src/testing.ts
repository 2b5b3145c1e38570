import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import pg from 'pg';
import { createDatabase, type Database } from './client.ts';

export type DatabaseKind = Database['kind'];

/**
 * The engines a test suite runs against: embedded PGlite always, and PostgreSQL too when
 * DATABASE_URL points at a server (as in CI, and wherever the test run found one answering).
 */
export const testDatabaseKinds: DatabaseKind[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** What a template holds, beyond the migrations, the seed and pg-boss's schema that every one holds. */
export interface TemplateHolds {
  /** The content files of this directory, as read for this licence. */
  content: { dir: string; licence: string };
  /** Whether the in-house studio's titles are in the games catalogue. */
  studioTitles: boolean;
}

/** One template of this run: a PGlite data directory saved as a file, and a PostgreSQL database to copy. */
export interface TestTemplate {
  holds: TemplateHolds;
  pglite: string;
  postgres?: string;
}

/** Where the globalSetup that builds the templates (apps/server/src/testing/templates.ts) lists them. */
const templatesVariable = 'CHRYSOS_TEST_TEMPLATES';

/**
 * Tells the test workers (child processes of the process that calls it) about this run's templates,
 * ordered from the most content to the least.
 */
export function announceTestTemplates(templates: TestTemplate[]): void {
  process.env[templatesVariable] = JSON.stringify(templates);
}

function testTemplates(): TestTemplate[] {
  const announced = process.env[templatesVariable];
  return announced ? (JSON.parse(announced) as TestTemplate[]) : [];
}

/** What a test wants its database to hold; `empty` for tests of the migrations themselves. */
export type TestDatabaseStart = 'empty' | { contentDir?: string; studioTitles?: boolean };

export type TestDatabase = Database & {
  /** For a second process that must use the same database (the crash test's server). */
  url?: string;
  /** What it holds beyond the migrations and the seed; absent for an empty database. */
  holds?: TemplateHolds;
};

/**
 * A throw-away database of the given kind that no other test file sees: a copy of the run's template
 * closest to `start` (the default content without the titles by default), or an empty one when asked
 * for or when the run has no templates (a benchmark, a browser spec). Whoever uses it migrates and
 * syncs what it lacks, as the app does on every start. On PostgreSQL it is created next to
 * DATABASE_URL's database and dropped again on close.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  start: TestDatabaseStart = {},
): Promise<TestDatabase> {
  const template = start === 'empty' ? undefined : closestTemplate(start);
  if (kind === 'pglite') {
    const database = await createDatabase({
      dataDir: 'memory://',
      ...(template ? { loadDataDir: await openAsBlob(template.pglite) } : {}),
    });
    return { ...database, ...(template ? { holds: template.holds } : {}) };
  }

  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL must point at PostgreSQL to run the postgres tests');
  const copied = template?.postgres ? template : undefined;
  const name = `chrysos_test_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}${copied ? ` template ${copied.postgres}` : ''}`);
  const url = databaseUrl(adminUrl, name);
  const database = await createDatabase({ url, poolSize: 10 });
  return {
    ...database,
    url,
    ...(copied ? { holds: copied.holds } : {}),
    async close() {
      await database.close();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The template with the titles or without as asked, holding the content directory asked for; for
 * another directory the one with the least content, so the app's sync has the least to remove.
 */
function closestTemplate(wants: Exclude<TestDatabaseStart, 'empty'>): TestTemplate | undefined {
  const candidates = testTemplates().filter(
    (template) => template.holds.studioTitles === (wants.studioTitles ?? false),
  );
  if (wants.contentDir === undefined) return candidates[0];
  return candidates.find((template) => template.holds.content.dir === wants.contentDir) ?? candidates.at(-1);
}

/** The URL of another database on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create or drop a database) on a connection of its own to the server. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
