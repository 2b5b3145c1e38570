import { readFileSync } from 'node:fs';
import { buildConcurrentIndexes, concurrentIndexes, migrationsFolder, schema } from '@chrysos/db';
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

  it('builds the indexes of large tables concurrently, once, and again one a cut-short build left invalid', async () => {
    const valid = async () => {
      const { rows } = (await database.db.execute(
        sql`select c.relname as name, i.indisvalid as valid from pg_class c
            join pg_index i on i.indexrelid = c.oid
            where c.relname in (${sql.join(
              concurrentIndexes.map((index) => sql`${index.name}`),
              sql`, `,
            )})
            order by c.relname`,
      )) as unknown as { rows: { name: string; valid: boolean }[] };
      return rows;
    };
    const names = concurrentIndexes.map((index) => index.name).sort();
    // The deploy of the test before built them all.
    expect(await valid()).toEqual(names.map((name) => ({ name, valid: true })));
    expect(await buildConcurrentIndexes(database)).toEqual([]);
    // A CONCURRENTLY build stopped half-way leaves its index marked invalid: the next deploy rebuilds it.
    await database.db.execute(
      sql`update pg_index set indisvalid = false where indexrelid = 'players_email_prefix'::regclass`,
    );
    expect(await buildConcurrentIndexes(database)).toEqual(['players_email_prefix']);
    expect(await valid()).toEqual(names.map((name) => ({ name, valid: true })));
    // And the search uses it.
    const { rows } = (await database.db.execute(
      sql`explain select id from players where lower(email) like 'maria%' order by created_at desc limit 25`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] };
    expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/players_(email_prefix|created)/);
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
