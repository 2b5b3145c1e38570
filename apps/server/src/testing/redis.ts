import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe } from 'vitest';

/** The Redis the tests use: set by the run wherever Redis answers (./services.ts); unset skips the Redis cases. */
export const testRedisUrl = process.env.REDIS_URL;

/** A suite that needs Redis: skipped, and saying so, when REDIS_URL is unset. */
export function describeOnRedis(name: string, suite: (url: string) => void): void {
  if (testRedisUrl) {
    describe(name, () => suite(testRedisUrl));
    return;
  }
  console.info(`skipped "${name}": it needs Redis; start Redis or set REDIS_URL to run it`);
  describe.skip(name, () => suite(''));
}

/** A key prefix of its own for one test run, so runs sharing a Redis never see each other's keys. */
export const testRedisPrefix = () => `chrysos-test-${randomBytes(6).toString('hex')}:`;

/** Deletes every key under the prefix (call in afterAll). */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** The keys under the prefix (a test checks that state really lives in Redis). */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    return (await redis.keys(`${prefix}*`)).sort();
  } finally {
    await redis.quit();
  }
}
