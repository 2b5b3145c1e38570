import type { Database, Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  type JobResult,
  PgBoss,
  type Queue,
} from 'pg-boss';

/** Jobs a worker takes at once. */
const batchSize = 5;

/**
 * Every background job by name, with the data it carries. A module adds its own jobs by declaration
 * merging in its `jobs.ts`:
 *
 *   declare module '../../platform/jobs.ts' { interface JobMap { 'mail.deliver': { emailId: string } } }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules through declaration merging
export interface JobMap {}

export type JobName = keyof JobMap & string;

/** A transaction (or the database) a job is enqueued in: the job exists only if it commits. */
export type Transaction = Pick<Db, 'execute'>;

export interface JobContext {
  id: string;
  /** 0 on the first run, then how many times the job has been retried. */
  retryCount: number;
  /** Aborted when the job expires or the process stops. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (data: JobMap[N], job: JobContext) => Promise<unknown>;

export interface JobOptions {
  /** Runs after a failure (the handler threw) before the job is given up. Default 2. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled on each further one. Default 10. */
  retryDelaySeconds?: number;
  /** Seconds a run may take before it counts as failed (and is retried). Default 15 minutes. */
  expireInSeconds?: number;
  /** Jobs of this name this process runs at once. Default 1. */
  concurrency?: number;
  /**
   * How often an idle worker looks for jobs whose start time has come (a job sent with `startAfter`).
   * A new job wakes the workers at once by NOTIFY whatever this says. Default 30 s.
   */
  pollingSeconds?: number;
}

export interface SendOptions {
  /** Enqueue inside this transaction: the job is there if and only if the transaction commits. */
  tx?: Transaction;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** While a job with this key waits to run, another one with the same key is not added. */
  singletonKey?: string;
}

export interface JobsOptions {
  /**
   * pg-boss's own timings. Tests shorten them (cron passes every second instead of 30 s) so they
   * do not wait on the defaults.
   */
  boss?: Pick<
    ConstructorOptions,
    | 'cronMonitorIntervalSeconds'
    | 'cronWorkerIntervalSeconds'
    | 'superviseIntervalSeconds'
    | 'monitorIntervalSeconds'
  >;
  /** Attempts of the first start before the app gives up, a second, then 2, 4, 8… apart. Default 6. */
  startAttempts?: number;
}

/** How one run of a job ended on this instance. */
export type RunOutcome = 'completed' | 'failed';

/** A queue's jobs by state, as pg-boss last counted them. */
export interface QueueSize {
  queue: string;
  /** Waiting and due now. */
  ready: number;
  /** Waiting for their start time (a retry's delay, `startAfterSeconds`). */
  deferred: number;
  active: number;
  /** Given up and still kept (pg-boss deletes them after its retention). */
  failed: number;
}

interface Definition {
  handler: (data: never, job: JobContext) => Promise<unknown>;
  options: JobOptions;
  /** Repeats itself this many seconds after each run (`every`). */
  everySeconds?: number;
}

/**
 * Background jobs on pg-boss, in the application's own database: embedded PGlite through pg-boss's
 * PGlite adapter, or PostgreSQL through a small pool of pg-boss's own (decision 12). A job is a row,
 * so it can be enqueued in the same transaction as the write that causes it; NOTIFY wakes a worker
 * within milliseconds; cron schedules fire once across every instance on the database.
 *
 * Modules declare their jobs while the app is built (`define`, `schedule`, `every`); the queue
 * starts when the app is ready and stops when it closes.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #startAttempts: number;
  readonly #definitions = new Map<string, Definition>();
  readonly #schedules = new Map<string, string>();
  readonly #runListeners: ((queue: string, outcome: RunOutcome) => void)[] = [];
  #state: 'idle' | 'starting' | 'started' | 'draining' | 'stopped' = 'idle';

  constructor(database: Database, log: FastifyBaseLogger, options: JobsOptions = {}) {
    this.#log = log;
    this.#startAttempts = options.startAttempts ?? 6;
    const connection =
      'pglite' in database.driver
        ? { db: fromPglite(database.driver.pglite), backend: 'pglite' as const }
        : // One connection for LISTEN, the rest for polling and sending; the app keeps its own pool.
          { connectionString: database.driver.url, max: 4, application_name: 'chrysos-jobs' };
    this.#boss = new PgBoss({
      ...connection,
      useListenNotify: true,
      // Each instance's row in pg-boss's registry; nothing here reads it.
      registerInstance: false,
      ...options.boss,
    });
    // A lost connection (the database restarting, a failover) is reported here and retried by
    // pg-boss; an `error` event with no listener would end the process instead.
    this.#boss.on('error', (error) => this.#log.error({ err: error }, 'job queue error'));
    this.#boss.on('warning', (warning) => this.#log.warn({ warning }, 'job queue warning'));
  }

  /** Declares the job `name` and what runs it. Before the app is ready. */
  define<N extends JobName>(name: N, handler: JobHandler<N>, options: JobOptions = {}): void {
    this.#assertBuilding(`define ${name}`);
    if (this.#definitions.has(name)) throw new Error(`job ${name} is defined twice`);
    this.#definitions.set(name, { handler: handler as Definition['handler'], options });
  }

  /**
   * Runs the job on a cron expression (minute resolution, UTC), once across every instance on the
   * database however many run it. Before the app is ready.
   */
  schedule<N extends JobName>(name: N, cron: string): void {
    this.#assertBuilding(`schedule ${name}`);
    if (!this.#definitions.has(name)) throw new Error(`job ${name} must be defined before it is scheduled`);
    this.#schedules.set(name, cron);
  }

  /**
   * Runs the job every `seconds`, once across every instance: each run enqueues the next, one at a
   * time (the queue holds at most one waiting), and a once-a-minute schedule starts the chain again
   * should it break (a process killed between the two). For periods shorter than cron's minute.
   */
  every<N extends JobName>(name: N, seconds: number): void {
    this.#assertBuilding(`every ${name}`);
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`job ${name} must be defined before it repeats`);
    definition.everySeconds = seconds;
    this.#schedules.set(name, '* * * * *');
  }

  /** Enqueues a job; with `tx`, as part of that transaction. Resolves to its id (null if a singleton was already waiting). */
  async send<N extends JobName>(name: N, data: JobMap[N], options: SendOptions = {}): Promise<string | null> {
    return this.#boss.send(name, data as object, {
      ...(options.tx ? { db: fromDrizzle(options.tx as DrizzleTransactionLike, sql) } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /**
   * Runs the job's handler in this process now and waits for it, outside the queue: for a test run that
   * has moved the product clock (platform/clock.ts) and wants a scheduled job's effect at once. False
   * for a name no module defined.
   */
  async runNow(name: string, data: object = {}): Promise<boolean> {
    const definition = this.#definitions.get(name);
    if (!definition) return false;
    await definition.handler(data as never, {
      id: `now-${Date.now()}`,
      retryCount: 0,
      signal: new AbortController().signal,
    });
    return true;
  }

  /** Tells `listener` how each run of a job on this instance ends (the process's metrics count them). */
  onRunEnded(listener: (queue: string, outcome: RunOutcome) => void): void {
    this.#runListeners.push(listener);
  }

  /**
   * Each defined queue's jobs by state, as pg-boss last counted them: its monitor pass counts every
   * queue once per monitorIntervalSeconds (a minute) on whichever instance holds it, so this is one read
   * of pg-boss's small queue table however many jobs wait. Empty until the queue has started.
   */
  async queueSizes(): Promise<QueueSize[]> {
    if (this.#state !== 'started') return [];
    const queues = await this.#boss.getQueues([...this.#definitions.keys()]);
    return queues.map((queue) => ({
      queue: queue.name,
      ready: Number(queue.readyCount),
      deferred: Number(queue.deferredCount),
      active: Number(queue.activeCount),
      failed: Number(queue.failedCount),
    }));
  }

  /** The queue underneath, for tests that look at the jobs themselves. */
  get boss(): PgBoss {
    return this.#boss;
  }

  async start(): Promise<void> {
    if (this.#state !== 'idle') return;
    this.#state = 'starting';
    await this.#boss.start({ attempts: this.#startAttempts });
    for (const [name, definition] of this.#definitions) {
      const { options, everySeconds } = definition;
      const queue: Omit<Queue, 'name'> = {
        notify: true,
        retryLimit: options.retryLimit ?? 2,
        retryDelay: options.retryDelaySeconds ?? 10,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        // A repeating job keeps at most one run waiting, however many instances enqueue it.
        ...(everySeconds ? { policy: 'short' } : {}),
      };
      await this.#boss.createQueue(name, queue);
      const { policy: _policy, ...changeable } = queue;
      await this.#boss.updateQueue(name, changeable);
      const polling = Math.max(0.5, options.pollingSeconds ?? Math.min(everySeconds ?? 30, 30));
      await this.#boss.work(
        name,
        {
          localConcurrency: options.concurrency ?? 1,
          pollingIntervalSeconds: polling,
          notifyPollingIntervalSeconds: polling,
          // A worker takes a few jobs at a time and comes straight back while it finds a full batch:
          // one at a time, pg-boss would wait a polling interval after each job.
          batchSize,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (batch) => {
          const results: JobResult[] = [];
          for (const job of batch) results.push(await this.#run(name, definition, job));
          return results;
        },
      );
    }
    for (const [name, cron] of this.#schedules) await this.#boss.schedule(name, cron);
    this.#state = 'started';
    // Each repeating job starts its chain; on a running deployment the one already waiting wins.
    for (const [name, { everySeconds }] of this.#definitions) {
      if (everySeconds) await this.#boss.send(name, {});
    }
  }

  /**
   * Takes no new job and waits a few seconds for the running ones, so they finish while the rest
   * of the app (mail transport, database) is still open. Jobs can still be enqueued.
   */
  async drain(): Promise<void> {
    if (this.#state !== 'started') return;
    this.#state = 'draining';
    const names = [...this.#definitions.keys()];
    const drained = Promise.all(
      names.map((name) => this.#boss.offWork(name, { wait: true }).catch(() => undefined)),
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(resolve, 5_000);
    });
    await Promise.race([drained, deadline]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    if (this.#state === 'idle' || this.#state === 'stopped') {
      this.#state = 'stopped';
      return;
    }
    this.#state = 'stopped';
    try {
      // Running jobs get a few seconds to finish; one still running is retried by another instance.
      await this.#boss.stop({ graceful: true, timeout: 5_000 });
    } catch (error) {
      this.#log.error({ err: error }, 'job queue did not stop cleanly');
    }
  }

  async #run(name: string, definition: Definition, job: Job<unknown>): Promise<JobResult> {
    try {
      await definition.handler(job.data as never, {
        id: job.id,
        retryCount: job.retryCount,
        signal: job.signal,
      });
      for (const listener of this.#runListeners) listener(name, 'completed');
      return { id: job.id, status: 'completed' };
    } catch (error) {
      this.#log.warn({ err: error, job: name, jobId: job.id }, 'job failed');
      for (const listener of this.#runListeners) listener(name, 'failed');
      const message = error instanceof Error ? error.message : String(error);
      return { id: job.id, status: 'failed', output: { message } };
    } finally {
      const { everySeconds } = definition;
      if (everySeconds && this.#state !== 'stopped') await this.#sendNext(name, everySeconds);
    }
  }

  async #sendNext(name: string, everySeconds: number): Promise<void> {
    try {
      await this.#boss.send(name, {}, { startAfter: everySeconds });
    } catch (error) {
      // The minute schedule starts the chain again.
      this.#log.warn({ err: error, job: name }, 'next run of a repeating job not enqueued');
    }
  }

  #assertBuilding(what: string): void {
    if (this.#state !== 'idle') throw new Error(`${what}: jobs are declared while the app is built`);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Decorates `app.jobs`; starts the queue once every module has declared its jobs, stops it on close. */
async function jobsPlugin(app: FastifyInstance, options: JobsOptions): Promise<void> {
  const jobs = new Jobs(app.database, app.log, options);
  app.decorate('jobs', jobs);
  // Registered before the modules, so it starts ahead of their onReady hooks (which may enqueue).
  app.addHook('onReady', () => jobs.start());
  // Running jobs finish before any module closes what they use; the queue itself closes after the
  // modules (onClose runs last-registered first) and before the database.
  app.addHook('preClose', () => jobs.drain());
  app.addHook('onClose', () => jobs.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database'] });
