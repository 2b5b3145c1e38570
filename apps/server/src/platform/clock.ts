import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { operatorScope } from './operator-api.ts';

/**
 * The product's clock: what every rule that depends on the date (a limit's cooling-off, a weekly draw,
 * a tournament's end) asks for the time, instead of `new Date()`, and passes into its SQL instead of
 * `now()`. In operation it is the system clock. A test run started with TEST_CLOCK=on can move it
 * forward (the browser tests of "after 24 hours" and "on Sunday at 20:00"), per process.
 */
export class Clock {
  #offsetMs = 0;
  #moves = 0;

  /** How many times a test moved the clock: what was computed from the old time is stale. */
  get moves(): number {
    return this.#moves;
  }

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  /** A time the system clock gave (an event's `occurred_at`, the database's `now()`) on this clock. */
  fromSystem(at: Date): Date {
    return new Date(at.getTime() + this.#offsetMs);
  }

  /** Moves this process's clock to `at`. Only the test routes below call it. */
  moveTo(at: Date): void {
    this.#offsetMs = at.getTime() - Date.now();
    this.#moves += 1;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/**
 * The test run's handles on time, for an admin of the operator API and only with TEST_CLOCK=on: move the
 * clock (forward only: rules assume time does not run back), and run a scheduled job now rather than
 * at its next minute. Never on in real operation: the process says so in its log at start.
 */
const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  // An admin's alone, like everything that exists only in a test configuration.
  const testAbility = { ability: ['manage', 'Clock'] as const };
  // The product's time, so a test run sharing one product moves it relative to where others left it.
  app.get(
    '/test/clock',
    { config: testAbility, schema: { hide: true, response: { 200: z.object({ now: z.string() }) } } },
    async () => ({ now: app.clock.now().toISOString() }),
  );

  app.put(
    '/test/clock',
    {
      config: testAbility,
      schema: {
        hide: true,
        body: z.object({ now: z.iso.datetime({ offset: true }) }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      const at = new Date(request.body.now);
      if (at.getTime() < app.clock.now().getTime()) {
        throw new AppError('validation.invalid', { field: 'now' });
      }
      app.clock.moveTo(at);
      await app.database.db.transaction((tx) =>
        app.recordOperatorAction(tx, request, {
          action: 'test.clock_moved',
          details: { to: at.toISOString() },
        }),
      );
      return { now: app.clock.now().toISOString() };
    },
  );

  app.post(
    '/test/jobs/:name',
    {
      config: testAbility,
      schema: {
        hide: true,
        params: z.object({ name: z.string().regex(/^[a-z0-9_.-]{1,100}$/) }),
        response: { 200: z.object({ ran: z.string(), now: z.string() }) },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!(await app.jobs.runNow(name))) {
        throw new AppError('request.no_api_endpoint', {
          field: 'path',
          params: { method: 'POST', path: `/api/test/jobs/${name}` },
        });
      }
      await app.database.db.transaction((tx) =>
        app.recordOperatorAction(tx, request, { action: 'test.job_run', details: { job: name } }),
      );
      return { ran: name, now: app.clock.now().toISOString() };
    },
  );
};

async function clockPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('clock', new Clock());
  if (app.config.TEST_CLOCK) {
    app.log.warn('TEST_CLOCK is on: the product clock can be moved through /api/test/clock');
    await app.register(operatorScope(testClockRoutes));
  }
}

export default fp(clockPlugin, { name: 'clock', dependencies: ['config', 'jobs', 'api-conventions'] });
