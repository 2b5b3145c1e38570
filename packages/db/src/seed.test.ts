import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { countrySeeds } from './reference/countries.ts';
import { currencySeeds } from './reference/currencies.ts';
import { countries, currencies, experiments } from './schema/index.ts';
import { seed } from './seed.ts';
import { openTestDatabase, testDatabaseKinds } from './testing.ts';

describe.each(testDatabaseKinds)('migrations and seed on %s', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind, 'empty');
    await database.migrate();
    await seed(database.db);
  });
  afterAll(() => database.close());

  const count = async (table: typeof currencies | typeof countries) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

  it('loads the reference data: every currency in its order, every ISO 3166-1 country', async () => {
    const stored = await database.db
      .select({ code: currencies.code })
      .from(currencies)
      .orderBy(currencies.position);
    expect(stored.map(({ code }) => code)).toEqual(currencySeeds.map(({ code }) => code));
    const codes = (await database.db.select({ code: countries.code }).from(countries)).map(
      ({ code }) => code,
    );
    expect(codes.sort()).toEqual(countrySeeds.map(({ code }) => code).sort());
    // The 249 of ISO 3166-1, and Kosovo, which players select in practice.
    expect(new Set(codes).size).toBe(250);
    expect(codes).toContain('XK');
  });

  it('runs again without duplicating rows or overwriting operator changes', async () => {
    const before = { currencies: await count(currencies), countries: await count(countries) };
    await database.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'HUF'));
    // The demo's A/B test, stopped by the operator, stays stopped.
    const demo = eq(experiments.id, 'home-welcome-banner');
    expect((await database.db.select().from(experiments).where(demo))[0]?.status).toBe('running');
    await database.db.update(experiments).set({ status: 'stopped' }).where(demo);

    await database.migrate();
    await seed(database.db);

    expect({ currencies: await count(currencies), countries: await count(countries) }).toEqual(before);
    const [huf] = await database.db.select().from(currencies).where(eq(currencies.code, 'HUF'));
    expect(huf?.enabled).toBe(false);
    expect(await database.db.select({ status: experiments.status }).from(experiments)).toEqual([
      { status: 'stopped' },
    ]);
  });

  it('gives every country a currency the casino offers', async () => {
    const orphans = await database.db
      .select({ code: countries.code })
      .from(countries)
      .leftJoin(currencies, eq(currencies.code, countries.defaultCurrency))
      .where(isNull(currencies.code));
    expect(orphans).toEqual([]);
  });
});
