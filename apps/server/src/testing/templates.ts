import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConcurrentIndexes, createDatabase, type Database, seed } from '@chrysos/db';
import {
  announceTestTemplates,
  databaseUrl,
  onServer,
  type TemplateHolds,
  type TestTemplate,
} from '@chrysos/db/testing';
import { studioMigrations } from '@chrysos/games/migrations';
import type { LicenceName } from '@chrysos/rules';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { parseConfig } from '../modules/config.ts';
import { seedContent } from '../modules/content/public.ts';
import { houseStudioFeed, importStudioFeed } from '../modules/games/public.ts';

/**
 * A vitest globalSetup: builds this run's template databases once, before any test file, and removes
 * them when the run ends. Every app's start used to apply the migrations, install pg-boss's schema,
 * seed, write every content file row by row and import the studio's titles; a test file now copies a
 * database that holds all of it (packages/db/src/testing.ts, `openTestDatabase`), and `buildTestApp`
 * tells the app what it need not write again. Runs after ./services.ts, which finds PostgreSQL.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Projects that share the setup (integration, money) share one set of templates in this process.
  const shared = globalThis as { chrysosTestTemplates?: Promise<Built>; chrysosTemplateUsers?: number };
  shared.chrysosTestTemplates ??= buildTemplates();
  shared.chrysosTemplateUsers = (shared.chrysosTemplateUsers ?? 0) + 1;
  const built = await shared.chrysosTestTemplates;
  announceTestTemplates(built.templates);
  return async () => {
    shared.chrysosTemplateUsers = (shared.chrysosTemplateUsers ?? 1) - 1;
    if (shared.chrysosTemplateUsers === 0) await built.remove();
  };
}

interface Built {
  templates: TestTemplate[];
  remove(): Promise<void>;
}

/** The content the tests start on: the site's own (the default CONTENT_DIR) and the tests' fixtures. */
const fixtures = fileURLToPath(new URL('../modules/content/fixtures', import.meta.url));

/**
 * The templates, each the one before plus a step: the site's content; its studio titles added; the
 * fixtures' content instead of the site's (with the titles). Listed from the most content to the least.
 */
const steps: { key: string; holds: (content: Content) => TemplateHolds; add: Step }[] = [
  {
    key: 'site',
    holds: (site) => ({ content: site, studioTitles: false }),
    add: async (database, site) => {
      await database.migrate();
      await buildConcurrentIndexes(database);
      await seed(database.db);
      await database.migrate(studioMigrations);
      await installJobsSchema(database);
      await syncContent(database, site);
    },
  },
  {
    key: 'site_titles',
    holds: (site) => ({ content: site, studioTitles: true }),
    add: (database) => importStudioTitles(database),
  },
  {
    key: 'fixtures_titles',
    holds: (site) => ({ content: { ...site, dir: fixtures }, studioTitles: true }),
    add: (database, site) => syncContent(database, { ...site, dir: fixtures }),
  },
];

type Content = TemplateHolds['content'];
type Step = (database: Database, site: Content) => Promise<void>;

async function buildTemplates(): Promise<Built> {
  const config = parseConfig({ NODE_ENV: 'test' });
  const site = { dir: config.CONTENT_DIR, licence: config.LICENSE };
  const run = randomBytes(4).toString('hex');
  const folder = await mkdtemp(path.join(tmpdir(), `chrysos-test-${run}-`));
  const serverUrl = process.env.DATABASE_URL;
  const removals: (() => Promise<void>)[] = [() => rm(folder, { recursive: true, force: true })];
  try {
    const pglite = await buildPglite(site, folder);
    const postgres = serverUrl ? await buildPostgres(site, serverUrl, run, removals) : undefined;
    const templates = steps.map((step, index) => ({
      holds: step.holds(site),
      pglite: pglite[index] as string,
      ...(postgres ? { postgres: postgres[index] as string } : {}),
    }));
    return { templates, remove: () => removeAll(removals) };
  } catch (error) {
    // What failed is the news; a removal failing after it would only hide it.
    await removeAll(removals).catch(() => undefined);
    throw error;
  }
}

/** Runs every removal, the last added first; one that fails (the server went away) stops none of the others. */
async function removeAll(removals: (() => Promise<void>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const remove of removals.reverse()) await remove().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw new AggregateError(failures, 'test templates not all removed');
}

/** Every PGlite template from one database, its data directory saved as a file after each step. */
async function buildPglite(site: Content, folder: string): Promise<string[]> {
  const database = await createDatabase({ dataDir: 'memory://' });
  try {
    if (!('pglite' in database.driver)) throw new Error('expected an embedded database');
    const { pglite } = database.driver;
    const files: string[] = [];
    for (const step of steps) {
      await step.add(database, site);
      const file = path.join(folder, `${step.key}.tar`);
      await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
      files.push(file);
    }
    return files;
  } finally {
    await database.close();
  }
}

/**
 * Every PostgreSQL template as a database named for this run (runs sharing a server never meet), each
 * a copy of the one before with its step added. A database is copied only while nobody is connected to
 * it, so each is closed before the next copies it.
 */
async function buildPostgres(
  site: Content,
  serverUrl: string,
  run: string,
  removals: (() => Promise<void>)[],
): Promise<string[]> {
  const names: string[] = [];
  for (const step of steps) {
    const name = `chrysos_template_${run}_${step.key}`;
    removals.push(() => onServer(serverUrl, `drop database if exists ${name} with (force)`));
    const previous = names.at(-1);
    await onServer(serverUrl, `create database ${name}${previous ? ` template ${previous}` : ''}`);
    const database = await createDatabase({ url: databaseUrl(serverUrl, name), poolSize: 2 });
    try {
      await step.add(database, site);
    } finally {
      await database.close();
    }
    names.push(name);
  }
  return names;
}

/** pg-boss's tables, as its first start would create them. */
async function installJobsSchema(database: Database): Promise<void> {
  if ('pglite' in database.driver) {
    await database.driver.pglite.exec(getConstructionPlans());
    return;
  }
  const client = new pg.Client({ connectionString: database.driver.url });
  await client.connect();
  try {
    await client.query(getConstructionPlans());
  } finally {
    await client.end();
  }
}

/** The content seed and the studio's titles, by the deploy step's own functions (deploy/deploy-steps.ts). */
async function syncContent(database: Database, content: Content): Promise<void> {
  await seedContent(database.db, content.dir, content.licence as LicenceName);
}

async function importStudioTitles(database: Database): Promise<void> {
  await importStudioFeed(database.db, houseStudioFeed);
}
