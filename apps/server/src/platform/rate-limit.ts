import { createHash } from 'node:crypto';
import type { ErrorCode } from '@chrysos/contract';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';
import { type DatabaseState, RedisState, type SharedState } from './shared-state.ts';

interface Limit {
  /** Requests one client address may make to the route in one window; the next is answered 429. */
  max: number;
  /** The window, opened by the first request (`@lukeed/ms` words: '1 minute', '15 minutes'). */
  timeWindow: string;
  /** The 429's code; its parameter is the wait in `retryIn`, rounded up. */
  refusal: ErrorCode;
  retryIn: 'minutes' | 'seconds';
  /** Counted once the body is read (the default is before). */
  hook?: 'preHandler';
  /**
   * What is counted: the client's address on the route (the default, by the plugin), or a key the
   * route names itself with `countAttempt` (an email address, say), from whichever client.
   */
  per?: 'key';
}

const attempts = { refusal: 'rate_limited', retryIn: 'minutes' } as const;

/**
 * Every rate limit of the app, in one place. Each counts per client address and per route: a route
 * names its limit with `config: { rateLimit: limitOf('signIn') }`. The counters live in the shared
 * state (the database, or Redis with REDIS_URL), so N instances allow what one would.
 */
export const rateLimits = {
  /** On top of the per-account lockout: guessing passwords is slowed down. */
  signIn: { max: 30, timeWindow: '1 minute', ...attempts },
  /** Mass sign-ups are slowed down. */
  signUp: { max: 10, timeWindow: '1 hour', ...attempts },
  /**
   * Sign-ups naming one email address, from any client: whether an address is taken cannot be asked
   * at will (issue 31 item 9, decision 32). Counted by the sign-up itself, keyed by the address.
   */
  signUpEmail: { max: 5, timeWindow: '1 hour', ...attempts, per: 'key' },
  /** A social sign-in kept waiting for its callback is a stored row: starting them is limited like signing in. */
  socialSignInStart: { max: 30, timeWindow: '1 minute', ...attempts },
  captchaChallenge: { max: 60, timeWindow: '1 minute', ...attempts },
  /** Emails on request (reset, confirmation, unlock) are cheap to ask for and must not become a spam cannon. */
  recoveryEmail: { max: 5, timeWindow: '15 minutes', ...attempts },
  /** Guessing a 256-bit emailed token is hopeless, but a flood of attempts is still refused early. */
  recoveryToken: { max: 20, timeWindow: '15 minutes', ...attempts },
  /** Changing the password asks for the current one: guessing it through this form is slowed down too. */
  playerUpdate: { max: 20, timeWindow: '15 minutes', ...attempts },
  /** Identity documents: each upload is decoded, re-encoded and stored, so a flood of them is refused early. */
  documentUpload: { max: 20, timeWindow: '1 hour', ...attempts },
  /**
   * Unknown coupon codes (issue 31 item 6): only misses count (`refusalLimitOf`), so players behind one
   * address who redeem real codes never use it up, while guessing stops after ten misses.
   */
  couponGuess: { max: 10, timeWindow: '15 minutes', ...attempts },
  /**
   * An operator's sign-in (password and authenticator code): guessing either is slowed down far below
   * a player's sign-in; the code is also taken once only.
   */
  operatorSignIn: { max: 10, timeWindow: '15 minutes', ...attempts },
  /** The core API's measurements (/v2/collect-stats): a page sends a few per visit. */
  collectStats: { max: 120, timeWindow: '1 minute', ...attempts },
  /** The support page's contact form. */
  contactMessage: {
    max: 5,
    timeWindow: '10 minutes',
    refusal: 'support.too_many_messages',
    retryIn: 'minutes',
  },
  /**
   * Deliveries to a payment webhook whose signature does not hold. Counted once the body is read, so
   * the route can let the provider's signed deliveries through (`allowList`) and never limit them.
   */
  refusedWebhook: {
    max: 30,
    timeWindow: '1 minute',
    refusal: 'cashier.too_many_refused_webhooks',
    retryIn: 'seconds',
    hook: 'preHandler',
  },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof rateLimits;
type KeyedLimitName = {
  [N in RateLimitName]: (typeof rateLimits)[N] extends { per: 'key' } ? N : never;
}[RateLimitName];

const tooMany = (limit: Pick<Limit, 'refusal' | 'retryIn'>, ttlMs: number) => {
  const wait = Math.ceil(ttlMs / (limit.retryIn === 'seconds' ? 1000 : 60_000));
  return new AppError(limit.refusal, { params: { [limit.retryIn]: wait } });
};

/** The route config of a limit of the registry; `allowList` lets some requests through uncounted. */
export function limitOf(
  name: Exclude<RateLimitName, KeyedLimitName>,
  options: Pick<RateLimitOptions, 'allowList'> = {},
): RateLimitOptions {
  const limit: Limit = rateLimits[name];
  return {
    max: limit.max,
    timeWindow: limit.timeWindow,
    ...(limit.hook ? { hook: limit.hook } : {}),
    ...options,
    errorResponseBuilder: (_request, context) => tooMany(limit, context.ttl),
  };
}

const units = { second: 1000, minute: 60_000, hour: 3_600_000 } as const;
/** A window of the registry ('1 hour', '15 minutes') in milliseconds. */
function windowMs(timeWindow: string): number {
  const [, count, unit] = /^(\d+) (second|minute|hour)s?$/.exec(timeWindow) ?? [];
  if (!count || !unit) throw new Error(`unreadable rate-limit window: ${timeWindow}`);
  return Number(count) * units[unit as keyof typeof units];
}

/**
 * Counts one attempt against a limit counted per key (`per: 'key'`) in the shared state, and refuses
 * it over the limit with the limit's 429. The key is stored hashed: no email address is kept.
 */
export async function countAttempt(state: SharedState, name: KeyedLimitName, key: string): Promise<void> {
  const limit: Limit = rateLimits[name];
  const hashed = createHash('sha256').update(key).digest('hex');
  const { count, ttlMs } = await state.hit(`rate-limit:${name}:${hashed}`, windowMs(limit.timeWindow));
  if (count > limit.max) throw tooMany(limit, ttlMs);
}

/**
 * A limit counted on some of a route's refusals only: the route `count`s a refusal before it answers,
 * and `onRequest` (the route's hook) answers 429 to a client address past `max` of them in the window.
 */
export function refusalLimitOf(app: FastifyInstance, name: RateLimitName) {
  const limit: Limit = rateLimits[name];
  const keyOf = (request: FastifyRequest) => `refusals:${name}:${request.ip}`;
  const count = (request: FastifyRequest) => app.sharedState.hit(keyOf(request), windowMs(limit.timeWindow));
  return {
    count,
    onRequest: async (request: FastifyRequest) => {
      if ((await app.sharedState.hits(keyOf(request))) < limit.max) return;
      // The refused request is one more refusal; its hit says how long the window has left.
      throw tooMany(limit, (await count(request)).ttlMs);
    },
  };
}

/** @fastify/rate-limit's store interface on the database's counters: one upsert per request. */
function databaseStore(state: DatabaseState): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(prefix: unknown) {
      // The plugin constructs the root store with its options; routes get children with a prefix.
      this.#prefix = typeof prefix === 'string' ? prefix : 'rate-limit:';
    }

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      state.hit(this.#prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: string; url: string } })
        .routeInfo;
      return new DatabaseRateLimitStore(`${this.#prefix}${method}${url}:`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * @fastify/rate-limit, registered once for the whole app and applied only where a route names a limit
 * (`global: false`). Its store is the shared state's: Redis's own store with REDIS_URL, else the database.
 */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  const state = app.sharedState;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(state instanceof RedisState
      ? { redis: state.redis, nameSpace: 'rate-limit:' }
      : { store: databaseStore(state as DatabaseState) }),
    // Every route names its limit, whose builder answers; this one is for a limit given inline.
    errorResponseBuilder: (_request, context) => tooMany(attempts, context.ttl),
  });
}

export default fp(rateLimitPlugin, { name: 'rate-limit', dependencies: ['shared-state'] });
