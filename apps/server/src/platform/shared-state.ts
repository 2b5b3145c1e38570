import { type Db, schema } from '@chrysos/db';
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    sharedState: SharedState;
  }
}

/**
 * Short-lived state every instance of the app must see alike (ARCHITECTURE.md, Scale-out): counters and
 * values that expire. In PostgreSQL (PGlite) by default, in Redis when REDIS_URL is set; never in the
 * memory of one process. Keys are namespaced by the caller (`captcha:…`, `social-sign-in:…`).
 */
export interface SharedState {
  readonly kind: 'database' | 'redis';
  /**
   * Counts one hit on `key` in a window of `windowMs` opened by the first hit; a hit after the window
   * opens the next one. The hits in the current window and the milliseconds it has left.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** The hits on `key` in its current window; 0 when none or the window is over. */
  hits(key: string): Promise<number>;
  /** Keeps `value` under `key` for `ttlMs` unless the key already holds one; whether it was kept. */
  add(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** The value under `key`, removed so no one else gets it; undefined when absent or expired. */
  take(key: string): Promise<string | undefined>;
}

/** Expired rows are swept by whichever instance writes first after this long. */
const sweepEveryMs = 60_000;

/** The default: two UNLOGGED tables (packages/db/src/schema/platform.ts), one statement per call. */
export class DatabaseState implements SharedState {
  readonly kind = 'database';
  readonly #db: Db;
  readonly #sweepEveryMs: number;
  #lastSweep = Date.now();
  #sweeping: Promise<void> | undefined;

  constructor(db: Db, options: { sweepEveryMs?: number } = {}) {
    this.#db = db;
    this.#sweepEveryMs = options.sweepEveryMs ?? sweepEveryMs;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const { rateLimits } = schema;
    const expired = sql`${rateLimits.windowEndsAt} <= now()`;
    // One atomic upsert: concurrent hits from any number of instances queue on the row's lock.
    const [row] = await this.#db
      .insert(rateLimits)
      .values({ key, count: 1, windowEndsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          windowEndsAt: sql`case when ${expired} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
        },
      })
      .returning({
        count: rateLimits.count,
        ttlMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.windowEndsAt} - now()) * 1000))::integer`,
      });
    this.#sweepNowAndThen();
    return row ?? { count: 1, ttlMs: windowMs };
  }

  async hits(key: string): Promise<number> {
    const { rateLimits } = schema;
    const [row] = await this.#db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowEndsAt} > now()`);
    return row?.count ?? 0;
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    const { expiringValues } = schema;
    const expiresAt = sql`now() + ${ttlMs} * interval '1 millisecond'`;
    // An expired value left behind by the sweep's delay counts as absent.
    const kept = await this.#db
      .insert(expiringValues)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({
        target: expiringValues.key,
        set: { value, expiresAt },
        setWhere: lte(expiringValues.expiresAt, sql`now()`),
      })
      .returning({ key: expiringValues.key });
    this.#sweepNowAndThen();
    return kept.length > 0;
  }

  async take(key: string): Promise<string | undefined> {
    const { expiringValues } = schema;
    const [row] = await this.#db
      .delete(expiringValues)
      .where(eq(expiringValues.key, key))
      .returning({ value: expiringValues.value, live: sql<boolean>`${expiringValues.expiresAt} > now()` });
    return row?.live ? row.value : undefined;
  }

  /** Waits for a sweep under way (before the database closes). */
  async settle(): Promise<void> {
    await this.#sweeping;
  }

  /** Keys nobody hits again (an address seen once) would stay for ever: a write now and then clears them. */
  #sweepNowAndThen(): void {
    if (this.#sweeping || Date.now() - this.#lastSweep < this.#sweepEveryMs) return;
    this.#lastSweep = Date.now();
    this.#sweeping = (async () => {
      try {
        await this.#db.delete(schema.rateLimits).where(lte(schema.rateLimits.windowEndsAt, sql`now()`));
        await this.#db.delete(schema.expiringValues).where(lte(schema.expiringValues.expiresAt, sql`now()`));
      } catch {
        // A failed sweep leaves rows for the next one; it never fails the request that started it.
      } finally {
        this.#sweeping = undefined;
      }
    })();
  }
}

/** Counts like @fastify/rate-limit's Redis store: the key expires with its window. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** With REDIS_URL: the same operations on Redis keys that expire by themselves. */
export class RedisState implements SharedState {
  readonly kind = 'redis';
  /** The client, with the key prefix applied to every command; the rate limiter uses it too. */
  readonly redis: Redis;

  constructor(redis: Redis) {
    this.redis = redis;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const [count, ttlMs] = (await this.redis.eval(hitScript, 1, key, windowMs)) as [number, number];
    return { count, ttlMs };
  }

  async hits(key: string): Promise<number> {
    return Number(await this.redis.get(key)) || 0;
  }

  async add(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(key, value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK';
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(key)) ?? undefined;
  }
}

/** A Redis client that fails a command quickly while Redis is away instead of queueing it for long. */
export async function connectRedis(url: string, keyPrefix: string): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  // Errors surface on the commands that meet them; the client keeps reconnecting in the background.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: Redis does not answer (${(error as Error).message})`);
  }
  return redis;
}

/** Decorates `app.sharedState`: Redis when REDIS_URL is set, else the app's database. */
async function sharedStatePlugin(app: FastifyInstance): Promise<void> {
  const { REDIS_URL, REDIS_KEY_PREFIX } = app.config;
  if (REDIS_URL) {
    const redis = await connectRedis(REDIS_URL, REDIS_KEY_PREFIX);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    app.decorate('sharedState', new RedisState(redis));
  } else {
    const state = new DatabaseState(app.database.db);
    app.addHook('onClose', () => state.settle());
    app.decorate('sharedState', state);
  }
  app.log.info({ sharedState: app.sharedState.kind }, 'shared state ready');
}

export default fp(sharedStatePlugin, { name: 'shared-state', dependencies: ['config', 'database'] });
