import { readFileSync } from 'node:fs';
import { migrationsFolder, schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig } from '../modules/config.ts';
import { describeOnPostgres } from '../testing/on-postgres.ts';
import { runDeploySteps } from './deploy-steps.ts';
import { refuseUnlessMigrated, SchemaBehind } from './schema-check.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
  typeof runDeploySteps
>[2];
const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string; when: number }[];
};

describeOnPostgres('the deploy step apart from serving, on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const config = parseConfig({ NODE_ENV: 'test' });
  const count = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await database.db.execute(query)) as unknown as { rows: { n: number }[] };
    return Number(rows[0]?.n);
  };

  beforeAll(async () => {
    database = await openTestDatabase('postgres', 'empty');
  });
  afterAll(() => database?.close());

  it('refuses to serve a database this release has not migrated, naming the step to run', async () => {
    const refused = await refuseUnlessMigrated(database, config).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SchemaBehind);
    expect((refused as Error).message).toContain(`first: ${journal.entries[0]?.tag}`);
    expect((refused as Error).message).toContain('run `npm run migrate`');
    // And the server's start says the same: nothing is created behind the operator's back.
    await expect(
      buildApp({ config, database, web: false, logger: false, deploySteps: 'check' }),
    ).rejects.toThrow(SchemaBehind);
    expect(
      await count(sql`select count(*)::int as n from information_schema.tables where table_name = 'players'`),
    ).toBe(0);
  });

  it('runs once for two deploys started together, and leaves a database the release serves', async () => {
    await Promise.all([runDeploySteps(database, config, silent), runDeploySteps(database, config, silent)]);
    expect(await count(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).toBe(
      journal.entries.length,
    );
    expect(await count(sql`select count(*)::int as n from currencies`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from content_items where origin = 'seed'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from games`)).toBeGreaterThan(0);
    await refuseUnlessMigrated(database, config);

    const app = await buildApp({ config, database, web: false, logger: false, deploySteps: 'check' });
    try {
      const header = await app.inject({
        method: 'POST',
        url: '/api/content/query',
        payload: { collection: 'header', locale: 'en' },
      });
      expect(header.json().items).toHaveLength(1);
      const providers = await app.inject({ url: '/api/games/providers' });
      expect(providers.json().length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('serves a schema ahead of the release: the next release’s expand step, for instances still on this one', async () => {
    const latest = journal.entries.at(-1)?.when ?? 0;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('next-release-expand', ${latest + 1})`,
    );
    await refuseUnlessMigrated(database, config);
    expect(schema.players).toBeDefined();
  });
});

describe('the deploy step on embedded PGlite', () => {
  // A ceiling, not a budget: every migration and the whole seed on an empty PGlite, which under a full
  // run's load (both cores busy with other projects) took more than the suite's 120 s once.
  it('is what `npm start` runs at start: a new data directory serves at once', {
    timeout: 300_000,
  }, async () => {
    const database = await openTestDatabase('pglite', 'empty');
    const config = parseConfig({ NODE_ENV: 'test' });
    const app = await buildApp({ config, database, web: false, logger: false });
    try {
      await refuseUnlessMigrated(database, config);
      const providers = await app.inject({ url: '/api/games/providers' });
      expect(providers.json().length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
