import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnRedis, dropRedisKeys, redisKeys, testRedisPrefix } from '../testing/redis.ts';
import { waitUntil } from '../testing/wait.ts';
import { connectRedis, DatabaseState, RedisState, type SharedState } from './shared-state.ts';

/** Polls until a short lifetime has run out in the store: Redis and PostgreSQL keep their own time. */
const expired = { interval: 10 };

/** What every backend must do alike; `states` are two instances' views of one store. */
function behavesAsSharedState(open: () => Promise<{ states: [SharedState, SharedState] }>) {
  let a: SharedState;
  let b: SharedState;
  beforeAll(async () => {
    [a, b] = (await open()).states;
  });

  it('counts hits in a window across instances and opens a new window after it', async () => {
    expect(await a.hits('hits:1')).toBe(0);
    expect(await a.hit('hits:1', 60_000)).toEqual({ count: 1, ttlMs: expect.any(Number) });
    const second = await b.hit('hits:1', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await a.hits('hits:1')).toBe(2);
    expect(await b.hits('hits:2')).toBe(0);

    await a.hit('hits:short', 30);
    await b.hit('hits:short', 30);
    await waitUntil(async () => expect(await a.hits('hits:short')).toBe(0), expired);
    expect((await b.hit('hits:short', 30)).count).toBe(1);
  });

  it('gives concurrent hits from both instances one count each', async () => {
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 ? a : b).hit('hits:race', 60_000)),
    );
    expect(counts.map(({ count }) => count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('keeps a value once, hands it out once, to either instance', async () => {
    expect(await a.add('value:1', 'first', 60_000)).toBe(true);
    expect(await b.add('value:1', 'second', 60_000)).toBe(false);
    expect(await b.take('value:1')).toBe('first');
    expect(await a.take('value:1')).toBeUndefined();
    expect(await a.take('value:unknown')).toBeUndefined();
  });

  it('forgets a value after its lifetime, and lets the key be used again', async () => {
    expect(await a.add('value:short', 'old', 30)).toBe(true);
    await waitUntil(async () => expect(await b.add('value:short', 'new', 60_000)).toBe(true), expired);
    expect(await a.take('value:short')).toBe('new');
    // A twin kept after it expires no sooner: once the twin may be kept again, the first one is gone.
    expect(await a.add('value:gone', 'old', 30)).toBe(true);
    expect(await a.add('value:gone-twin', 'old', 30)).toBe(true);
    await waitUntil(async () => expect(await b.add('value:gone-twin', 'new', 60_000)).toBe(true), expired);
    expect(await b.take('value:gone')).toBeUndefined();
  });
}

describe.each(testDatabaseKinds)('shared state in the database (%s)', (kind) => {
  let database: Database & { url?: string };
  let second: Database | undefined;
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });
  behavesAsSharedState(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
    // PGlite is one process's embedded database: there the "two instances" share its one connection.
    second = database.url ? await createDatabase({ url: database.url, poolSize: 5 }) : undefined;
    return { states: [new DatabaseState(database.db), new DatabaseState((second ?? database).db)] };
  });
});

describe('shared state in the database, swept', () => {
  it('deletes rows whose window or lifetime is over when an instance writes', async () => {
    const database = await openTestDatabase('pglite');
    try {
      await database.migrate();
      const state = new DatabaseState(database.db, { sweepEveryMs: 0 });
      await state.hit('sweep:old', 10);
      await state.add('sweep:old-value', 'x', 10);
      await state.settle();
      const { rateLimits, expiringValues } = schema;
      const live = async () => [
        ...(await database.db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(sql`${rateLimits.windowEndsAt} > now()`)),
        ...(await database.db
          .select({ key: expiringValues.key })
          .from(expiringValues)
          .where(sql`${expiringValues.expiresAt} > now()`)),
      ];
      await waitUntil(async () => expect(await live()).toEqual([]), expired);
      await state.hit('sweep:live', 60_000);
      await state.settle();
      const counters = await database.db.select({ key: rateLimits.key }).from(rateLimits);
      const values = await database.db.select({ key: expiringValues.key }).from(expiringValues);
      expect(counters).toEqual([{ key: 'sweep:live' }]);
      expect(values).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describeOnRedis('shared state in Redis', (url) => {
  const prefix = testRedisPrefix();
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    await dropRedisKeys(url, prefix);
  });
  behavesAsSharedState(async () => {
    clients.push(await connectRedis(url, prefix), await connectRedis(url, prefix));
    return { states: [new RedisState(clients[0] as Redis), new RedisState(clients[1] as Redis)] };
  });
  it('keeps its keys under the prefix', async () => {
    expect(await redisKeys(url, prefix)).toContain(`${prefix}hits:1`);
  });
  it('stops the app from starting when Redis does not answer', async () => {
    await expect(connectRedis('redis://127.0.0.1:1', prefix)).rejects.toThrow(
      /^REDIS_URL: Redis does not answer/,
    );
  });
});
