import type { Database, Db } from '@chrysos/db';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { type Holes, parseSnapshot, plan, type Snapshot } from './outbox-cursor.ts';

/**
 * Domain events (docs/decisions/0013-domain-events-and-bet-time-effects.md).
 *
 * The typed map of every event, by name: each module adds its own by declaration merging, next to the
 * code that causes them, e.g. in modules/wallet/events.ts:
 *
 *   declare module '../../platform/events.ts' {
 *     interface DomainEvents { 'wallet.bet_booked': BetBooked }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;

/** One event as a handler receives it; a union over the names, so `switch (event.name)` narrows. */
export type DomainEvent<N extends EventName = EventName> = N extends EventName
  ? {
      /** `<stream>:<position>`: the same on every delivery of this event, for handlers to deduplicate. */
      id: string;
      stream: string;
      /** Its id in the stream; a handler sees positions ascending. */
      position: number;
      name: N;
      payload: DomainEvents[N];
      occurredAt: Date;
    }
  : never;

export interface HandlerContext {
  /**
   * The transaction that also moves the handler's position past this event: what the handler writes
   * through it is stored exactly once. Anything else it does (a push, a call out) may be repeated.
   */
  db: Db;
  /**
   * Runs `effect` once the transaction has committed (not at all if it rolls back): for what must not be
   * seen before the handler's writes are, such as a push announcing a row it stored. An effect that fails
   * is logged; one lost in a crash after the commit is not run again.
   */
  afterCommit(effect: () => unknown): void;
  /**
   * Runs `work` once, in the transaction, after the last event of the batch this event came in: for what
   * a handler does once per batch whatever the number of events (a push of the latest state of one item
   * many events changed). The first registration of a key in a batch is kept; the work should read the
   * state it writes about when it runs, not capture it. Work registered `last` runs after all other
   * work, including work registered while that ran (realtime stores the batch's publications so).
   */
  beforeCommit(key: string, work: () => Promise<unknown>, options?: { last?: boolean }): void;
  /**
   * The events of the batch this event came in, in order: for a handler that locks rows of several
   * players and takes their locks up front in one sorted order (issue 31 item 22).
   */
  batch: readonly DomainEvent[];
}

/** A gatherer from perBatch: call it with an event's item; `flush` does the gathered items now. */
export interface BatchGatherer<T> {
  (context: HandlerContext, item: T): void;
  /**
   * Runs the flush at once on what was gathered so far in the context's batch, if anything: for a
   * handler whose next event must see the gathered items done (an event of the same player that reads
   * what they write). What is gathered after it is flushed at the batch's end as usual.
   */
  flush(context: HandlerContext): Promise<void>;
}

/**
 * What a handler gathers over a batch and does once at its end: call the answer with each event's item,
 * and `flush` runs once, in the batch's transaction after its last event (`beforeCommit` under `key`),
 * with the items in the order they came. For work that costs a statement per event done one by one.
 */
export function perBatch<T>(
  key: string,
  flush: (context: HandlerContext, items: T[]) => Promise<unknown>,
): BatchGatherer<T> {
  const batches = new WeakMap<Db, T[]>();
  const flushNow = async (context: HandlerContext) => {
    const items = batches.get(context.db);
    if (!items || items.length === 0) return;
    batches.set(context.db, []);
    await flush(context, items);
  };
  const gather = (context: HandlerContext, item: T) => {
    const gathered = batches.get(context.db);
    if (gathered) {
      gathered.push(item);
      return;
    }
    batches.set(context.db, [item]);
    context.beforeCommit(key, async () => {
      await flushNow(context);
      batches.delete(context.db);
    });
  };
  return Object.assign(gather, { flush: flushNow });
}

export type EventHandler<N extends EventName> = (
  event: DomainEvent<N>,
  context: HandlerContext,
) => unknown | Promise<unknown>;

/**
 * One handler as its module's `handlers/` file exports it (docs/events.md lists them by event):
 * the module's plugin registers its list with `events.register`.
 */
export interface Handler<N extends EventName, Services = FastifyInstance> {
  /** Its stable id, `<module>.<what it does>`: the key of its stored position. */
  name: string;
  /** The events it handles, in one order (a bet before its win). */
  follows: readonly N[];
  /** Where it starts the first time it runs (HandlerOptions.from). */
  from?: HandlerOptions['from'];
  /**
   * Builds the function that handles each event, once per app, from the services the module hands it
   * (the app itself unless the module says otherwise): what it keeps between events lives in there.
   */
  handle(services: Services): EventHandler<N>;
}

/** Types a handler's definition: `follows` narrows the events its `handle` receives. */
export function defineHandler<N extends EventName, Services = FastifyInstance>(
  definition: Handler<N, Services>,
): Handler<N, Services> {
  return definition;
}

export interface HandlerOptions {
  /**
   * Where a handler starts the first time it runs: `now` (the default) reads only what is committed
   * after, `beginning` replays the whole stream. Later starts continue from its stored position.
   */
  from?: 'now' | 'beginning';
}

/**
 * An append-only table read as an outbox, in id order: the ledger's transactions (registered by the
 * wallet), or the `events` table of everything else.
 */
export interface EventStream {
  /** Names the handlers' positions in this stream. */
  name: string;
  /** The events only this stream produces; `publish` refuses them. */
  produces: readonly EventName[];
  /** One row with `head`, the highest id committed. */
  head: SQL;
  /**
   * Rows with an `id` above `after` (an expression: the handler's position), ascending, at most `limit`;
   * every row, also those that are no event.
   */
  read(after: SQL, limit: number): SQL;
  /** The event a row stands for, or null for a row that is none (passed over in order). */
  toEvent(row: Record<string, unknown>): { name: EventName; payload: unknown; occurredAt: Date } | null;
}

export interface EventBusOptions {
  /** How often each stream is looked at for new rows; `events` also wakes on NOTIFY. */
  pollMs?: number;
  /**
   * The longest wait between looks at a stream that has been quiet: each look that finds nothing new
   * doubles the wait from `pollMs` up to this; a row found, or a local commit's wake-up, starts again from
   * `pollMs`. Default 8 × `pollMs`, inside the second money events are promised to be handled in.
   */
  quietPollMs?: number;
  /** Rows a handler takes in one transaction. */
  batchSize?: number;
  /** How long a hole in the ids is waited on, at least, before it is passed over (outbox-cursor.ts). */
  holeGraceMs?: number;
  /** The first wait before a failed batch is retried; it doubles on each failure in a row, up to 30 s. */
  retryMs?: number;
  /** Handlers running at once on this instance: each holds a database connection while it runs. */
  concurrency?: number;
  /**
   * A handler that keeps up starts a run of batches at most once in this many ms, however often it is
   * woken: under steady play it reads a batch per pace instead of a handful of rows per wake-up.
   */
  paceMs?: number;
}

/** The channel that wakes the readers of the `events` table at once. */
const notifyChannel = 'chrysos_events';
/** First key of the advisory locks that keep each handler on one instance at a time. */
const lockSpace = 0x63687273;
const maxRetryMs = 30_000;
/** How soon a handler waiting on a hole in the ids reads again. */
const holeRecheckMs = 50;
/**
 * A wake-up is put off this long, so the rows of a burst are read in one batch per handler rather than
 * one batch per row (each batch is a transaction on every handler); well inside the second that money
 * events are promised to be handled in.
 */
const wakeDelayMs = 15;

/** The `events` table: what is not money (registrations, sign-ins, status changes). */
const eventsTable: EventStream = {
  name: 'events',
  produces: [],
  head: sql`select coalesce(max(id), 0) as head from events`,
  read: (after, limit) =>
    sql`select id, name, payload, occurred_at from events e where e.id > ${after} order by e.id limit ${limit}`,
  toEvent: (row) => ({
    name: row.name as EventName,
    payload: row.payload,
    occurredAt: new Date(row.occurred_at as string),
  }),
};

interface Consumer {
  handler: string;
  stream: EventStream;
  handlers: Map<string, EventHandler<EventName>>;
  from: 'now' | 'beginning';
  /** The position this instance last read or stored (another instance may have moved on). */
  position: number | undefined;
  holes: Holes | undefined;
  running: Promise<void> | undefined;
  failures: number;
  retryAt: number;
  /** When its last batch ended (ms): the handler waiting longest is started first. */
  ranAt: number;
  /** When its last run of batches started (ms): it starts again no sooner than the pace after. */
  startedAt: number;
}

type Rows = { rows: Record<string, unknown>[] };

/**
 * One read of a stream: the rows after `after` that one statement saw, as events (null for a row that
 * is none), with the statement's snapshot. The rows of an append-only stream never change, so a read
 * serves every handler whose position lies inside it, as if that handler had read at the same instant.
 */
interface StreamRead {
  after: number;
  ids: number[];
  events: (DomainEvent<EventName> | null)[];
  snapshot: Snapshot;
  /** It came back with as many rows as it asked for: more may follow its last. */
  full: boolean;
}

/** Which of a read's rows lie after `position`: none unless the read starts at or before it. */
function rowsAfter(read: StreamRead, position: number) {
  const from = read.after <= position ? read.ids.findIndex((id) => id > position) : -1;
  if (from < 0) return undefined;
  return { ids: read.ids.slice(from), events: read.events.slice(from) };
}

/**
 * Runs each handler over the streams in order, at least once per event, on one instance at a time.
 * Every batch is one transaction: an advisory lock on the handler (another instance holding it means
 * that one is running it), the handler's position, the rows after it, the handler for each event,
 * the new position. A handler that throws rolls its batch back and is retried later from the same
 * position; other handlers go on.
 */
export class EventBus {
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  readonly #pollMs: number;
  readonly #quietPollMs: number;
  readonly #batchSize: number;
  readonly #holeGraceMs: number;
  readonly #retryMs: number;
  readonly #concurrency: number;
  readonly #paceMs: number;
  readonly #streams = new Map<string, EventStream>([[eventsTable.name, eventsTable]]);
  readonly #subscriptions = new Map<
    string,
    { handlers: Map<string, EventHandler<EventName>>; from: 'now' | 'beginning' }
  >();
  #consumers: Consumer[] = [];
  #timers = new Map<string, NodeJS.Timeout>();
  #ticking = new Map<string, Promise<void>>();
  /** Streams woken while they were being looked at: looked at again at once. */
  #woken = new Set<string>();
  /** The wait before each stream's next look: `pollMs`, doubled by every look that found it quiet. */
  #pollWait = new Map<string, number>();
  /** When each stream's pending look is due (ms), so a wake-up never puts off an earlier one. */
  #dueAt = new Map<string, number>();
  /** Streams with handlers behind the head that found no free slot: running handlers yield to them. */
  #starved = new Set<string>();
  /**
   * Each stream's latest read, for the handlers that start at a position inside it: the handlers of a
   * stream mostly run together from about the same place, and each reading and parsing the same rows
   * cost a statement and the rows' objects per handler (the ledger has seven).
   */
  #reads = new Map<string, { after: number | undefined; read: Promise<StreamRead> }>();
  #stopListening: (() => Promise<void>) | undefined;
  #state: 'new' | 'started' | 'stopped' = 'new';

  constructor(database: Database, log: FastifyBaseLogger, options: EventBusOptions = {}) {
    this.#database = database;
    this.#log = log;
    this.#pollMs = options.pollMs ?? 100;
    this.#quietPollMs = Math.max(this.#pollMs, options.quietPollMs ?? 8 * this.#pollMs);
    this.#batchSize = options.batchSize ?? 500;
    this.#holeGraceMs = options.holeGraceMs ?? 500;
    this.#retryMs = options.retryMs ?? 100;
    this.#concurrency = options.concurrency ?? 4;
    this.#paceMs = options.paceMs ?? 100;
  }

  /** Adds a stream (before start). */
  stream(stream: EventStream): void {
    if (this.#state !== 'new') throw new Error(`stream ${stream.name} added after the events started`);
    if (this.#streams.has(stream.name)) throw new Error(`stream ${stream.name} is already registered`);
    this.#streams.set(stream.name, stream);
  }

  /**
   * Runs `handler` for every event of these names, in order, under `handlerId`: a stable name such as
   * `loyalty.comp-points`, the key of its stored position. One id may take several names (they share
   * an order, e.g. a bet before its win); each name once per id. Register before the app is ready.
   */
  on<N extends EventName>(
    names: N | readonly N[],
    handlerId: string,
    handler: EventHandler<N>,
    options: HandlerOptions = {},
  ): void {
    if (this.#state !== 'new') throw new Error(`handler ${handlerId} registered after the events started`);
    if (!/^[a-z0-9][a-z0-9._-]{0,99}$/.test(handlerId)) throw new Error(`bad handler id: ${handlerId}`);
    const subscription = this.#subscriptions.get(handlerId) ?? { handlers: new Map(), from: 'now' };
    for (const name of typeof names === 'string' ? [names] : names) {
      if (subscription.handlers.has(name)) throw new Error(`${handlerId} already handles ${name}`);
      subscription.handlers.set(name, handler as EventHandler<EventName>);
    }
    if (options.from) subscription.from = options.from;
    this.#subscriptions.set(handlerId, subscription);
  }

  /** Registers a module's handlers, each built from `services` (Handler.handle). */
  register<Services>(
    services: Services,
    // biome-ignore lint/suspicious/noExplicitAny: each handler narrows its own events; the list holds any
    handlers: readonly Handler<any, Services>[],
  ): void {
    for (const handler of handlers)
      this.on(handler.follows, handler.name, handler.handle(services), { from: handler.from });
  }

  /** The ids of the handlers registered, with the events each follows: for docs/events.md's check. */
  registered(): { name: string; follows: string[] }[] {
    return [...this.#subscriptions].map(([name, subscription]) => ({
      name,
      follows: [...subscription.handlers.keys()],
    }));
  }

  /**
   * Appends an event that moves no money to the `events` table through `db`: pass the transaction of
   * the change it announces, so both are stored or neither. Money events come from the ledger alone.
   */
  async publish<N extends EventName>(db: Db, name: N, payload: DomainEvents[N]): Promise<void> {
    const owner = this.#streamOf(name);
    if (owner !== eventsTable)
      throw new Error(`${name} is read from the ${owner.name} stream, not published`);
    await db.execute(
      sql`with appended as (insert into events (name, payload) values (${name}, ${JSON.stringify(payload)}::jsonb) returning id)
          select pg_notify(${notifyChannel}, '') from appended`,
    );
  }

  #streamOf(name: string): EventStream {
    for (const stream of this.#streams.values())
      if (stream.produces.includes(name as EventName)) return stream;
    return eventsTable;
  }

  /** Stores each handler's starting position, then starts reading. */
  async start(): Promise<void> {
    if (this.#state !== 'new') return;
    this.#state = 'started';
    const byKey = new Map<string, Consumer>();
    for (const [handler, subscription] of this.#subscriptions) {
      for (const [name, fn] of subscription.handlers) {
        const stream = this.#streamOf(name);
        const key = `${handler}\n${stream.name}`;
        const consumer = byKey.get(key) ?? {
          handler,
          stream,
          handlers: new Map(),
          from: subscription.from,
          position: undefined,
          holes: undefined,
          running: undefined,
          failures: 0,
          retryAt: 0,
          ranAt: 0,
          startedAt: 0,
        };
        consumer.handlers.set(name, fn);
        byKey.set(key, consumer);
      }
    }
    this.#consumers = [...byKey.values()];
    const { db } = this.#database;
    for (const consumer of this.#consumers) {
      const start = consumer.from === 'beginning' ? sql`0` : sql`(${consumer.stream.head})`;
      await db.execute(
        sql`insert into event_handler_positions (handler, stream, position)
            values (${consumer.handler}, ${consumer.stream.name}, ${start}) on conflict do nothing`,
      );
    }
    if (this.#consumers.some((consumer) => consumer.stream === eventsTable)) await this.#listen();
    for (const stream of new Set(this.#consumers.map((consumer) => consumer.stream))) {
      this.#schedule(stream, 0);
    }
  }

  /** Stops reading and waits for the batches under way. */
  async stop(): Promise<void> {
    if (this.#state === 'stopped') return;
    this.#state = 'stopped';
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    await this.#stopListening?.().catch(() => {});
    await Promise.all(this.#ticking.values());
    await Promise.all(this.#consumers.map((consumer) => consumer.running));
  }

  /**
   * Where `handler` stands in `stream` (the id of the last row it handled), or null where it was never
   * registered; read through `db`: in a transaction, as of its snapshot, for a module that pairs it with
   * its own rows.
   */
  async positionOf(db: Db, handler: string, stream: string): Promise<number | null> {
    const { rows } = (await db.execute(
      sql`select position from event_handler_positions where handler = ${handler} and stream = ${stream}`,
    )) as unknown as { rows: { position: string | number }[] };
    return rows[0] ? Number(rows[0].position) : null;
  }

  /**
   * Waits until `handler` has handled every row `stream` held when asked, looking every 100 ms for at
   * most `timeoutMs`; answers whether it has (a handler never registered has nothing to catch up). For
   * work that must see what the handler made of everything before it (a tournament's end, after the bets
   * placed just before it).
   */
  async caughtUp(handler: string, stream: string, timeoutMs = 10_000): Promise<boolean> {
    const source = this.#streams.get(stream);
    if (!source) throw new Error(`no stream ${stream}`);
    const { db } = this.#database;
    const { rows } = (await db.execute(source.head)) as unknown as { rows: { head: string | number }[] };
    const target = Number(rows[0]?.head ?? 0);
    for (let waited = 0; ; waited += 100) {
      const position = await this.positionOf(db, handler, stream);
      if (position === null || position >= target) return true;
      if (waited >= timeoutMs) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * How many rows of its stream each handler of this instance has still to handle: the stream's head less
   * the position stored for the handler, whichever instance runs it. One statement, each head the newest
   * id of its stream's primary key: cheap enough for every scrape of the process's metrics.
   */
  async lag(): Promise<{ handler: string; stream: string; behind: number }[]> {
    const streams = [...new Set(this.#consumers.map((consumer) => consumer.stream))];
    if (streams.length === 0) return [];
    const heads = sql.join(
      streams.map((stream) => sql`select ${stream.name}::text as stream, (${stream.head}) as head`),
      sql` union all `,
    );
    const { rows } = (await this.#database.db.execute(
      sql`select p.handler, p.stream, greatest(h.head - p.position, 0) as behind
          from event_handler_positions p join (${heads}) h on h.stream = p.stream`,
    )) as unknown as { rows: { handler: string; stream: string; behind: string | number }[] };
    const registered = new Set(
      this.#consumers.map((consumer) => `${consumer.handler}\n${consumer.stream.name}`),
    );
    return rows
      .filter((row) => registered.has(`${row.handler}\n${row.stream}`))
      .map((row) => ({ handler: row.handler, stream: row.stream, behind: Number(row.behind) }));
  }

  /** Where each handler stands: for tests and operators. */
  status() {
    return this.#consumers.map((consumer) => ({
      handler: consumer.handler,
      stream: consumer.stream.name,
      position: consumer.position,
      waitingOnHole: consumer.holes !== undefined,
      failures: consumer.failures,
      /** How long the stream now waits between looks: `pollMs`, more while it is quiet. */
      pollWaitMs: this.#pollWait.get(consumer.stream.name) ?? this.#pollMs,
    }));
  }

  /**
   * Tells the bus that rows were just committed to `streamName` on this instance, for a stream that has
   * no NOTIFY of its own (the ledger: a booking stays a single insert): its handlers look within
   * milliseconds instead of at the next poll. Other instances see the rows at their next poll.
   */
  wake(streamName: string): void {
    const stream = this.#streams.get(streamName);
    if (stream) this.#wake(stream);
  }

  #schedule(stream: EventStream, delay: number): void {
    if (this.#state !== 'started') return;
    const dueAt = Date.now() + delay;
    if (this.#timers.has(stream.name) && (this.#dueAt.get(stream.name) ?? 0) <= dueAt) return;
    clearTimeout(this.#timers.get(stream.name));
    this.#dueAt.set(stream.name, dueAt);
    const timer = setTimeout(() => {
      this.#timers.delete(stream.name);
      if (this.#ticking.has(stream.name)) return;
      const tick = this.#tick(stream).then((quiet) => {
        this.#ticking.delete(stream.name);
        // A quiet stream is looked at less and less often; anything found, or a wake-up, restores the pace.
        const previous = this.#pollWait.get(stream.name) ?? this.#pollMs;
        const wait = quiet ? Math.min(this.#quietPollMs, 2 * previous) : this.#pollMs;
        this.#pollWait.set(stream.name, wait);
        const next = this.#woken.delete(stream.name) ? 0 : wait;
        // A handler that waits for its pace is looked at again when its pace ends.
        const paceEnd = this.#paceEnd(stream);
        this.#schedule(stream, paceEnd === undefined ? next : Math.min(next, paceEnd - Date.now()));
      });
      this.#ticking.set(stream.name, tick);
    }, delay);
    timer.unref();
    this.#timers.set(stream.name, timer);
  }

  #wake(stream: EventStream): void {
    this.#pollWait.delete(stream.name);
    if (this.#ticking.has(stream.name)) this.#woken.add(stream.name);
    else this.#schedule(stream, wakeDelayMs);
  }

  /** Not running, and not waiting to retry: may start when its pace allows. */
  #waiting(consumer: Consumer, stream: EventStream, now: number): boolean {
    return consumer.stream === stream && !consumer.running && consumer.retryAt <= now;
  }

  /** When the first of the stream's handlers that started within their pace may start again, if any did. */
  #paceEnd(stream: EventStream): number | undefined {
    const now = Date.now();
    let end: number | undefined;
    for (const consumer of this.#consumers) {
      const ends = consumer.startedAt + this.#paceMs;
      if (this.#waiting(consumer, stream, now) && ends > now) end = Math.min(end ?? ends, ends);
    }
    return end;
  }

  /**
   * Looks at the stream's head and starts every handler that is behind it. Answers whether the stream is
   * quiet: every handler was idle and none was behind.
   */
  async #tick(stream: EventStream): Promise<boolean> {
    try {
      const now = Date.now();
      const readers = this.#consumers.filter((consumer) => consumer.stream === stream);
      const idle = readers
        .filter(
          (consumer) => this.#waiting(consumer, stream, now) && consumer.startedAt + this.#paceMs <= now,
        )
        .sort((a, b) => a.ranAt - b.ranAt);
      if (idle.length === 0) return false;
      const { rows } = (await this.#database.db.execute(stream.head)) as unknown as Rows;
      const head = Number(rows[0]?.head ?? 0);
      this.#starved.delete(stream.name);
      let quiet = idle.length === readers.length;
      for (const consumer of idle) {
        if (consumer.position !== undefined && consumer.position >= head) continue;
        quiet = false;
        if (this.#consumers.filter((other) => other.running).length >= this.#concurrency) {
          this.#starved.add(stream.name);
          break;
        }
        consumer.startedAt = now;
        consumer.running = this.#drain(consumer).finally(() => {
          consumer.running = undefined;
          consumer.ranAt = Date.now();
          // Its slot is free: a handler that found none goes now rather than at the next poll.
          for (const name of this.#starved) {
            const waiting = this.#streams.get(name);
            if (waiting) this.#wake(waiting);
          }
        });
      }
      return quiet;
    } catch (error) {
      if (this.#state === 'started')
        this.#log.warn({ err: error, stream: stream.name }, 'event stream unreadable');
      return false;
    }
  }

  /**
   * Runs batches while they come full (a backlog); a handler that has caught up, or that other handlers
   * are waiting on for a slot, stops and is started again at the next wake-up or poll.
   */
  async #drain(consumer: Consumer): Promise<void> {
    while (this.#state === 'started') {
      const failing = { event: undefined as string | undefined };
      try {
        const { delivered, more } = await this.#batch(consumer, failing);
        consumer.failures = 0;
        if (!more || this.#starved.size > 0) {
          // Rows wait behind a hole: look again soon, whether or not anything new is written.
          if (consumer.holes) setTimeout(() => this.#wake(consumer.stream), holeRecheckMs).unref();
          // Rows may have come while it ran: the next look tells.
          if (delivered > 0) this.#wake(consumer.stream);
          return;
        }
      } catch (error) {
        consumer.failures++;
        const wait = Math.min(maxRetryMs, this.#retryMs * 2 ** (consumer.failures - 1));
        consumer.retryAt = Date.now() + wait;
        this.#log.error(
          { err: error, handler: consumer.handler, event: failing.event, failures: consumer.failures },
          'event handler failed; it will be retried from the same event',
        );
        setTimeout(() => this.#schedule(consumer.stream, 0), wait).unref();
        return;
      }
    }
  }

  /**
   * One transaction of one handler: how many rows it got past (delivered or passed over), and whether
   * more may follow them (it read to the end of a full read: a backlog).
   */
  async #batch(
    consumer: Consumer,
    failing: { event: string | undefined },
  ): Promise<{ delivered: number; more: boolean }> {
    const { stream } = consumer;
    let stored: number | undefined;
    let effects: (() => unknown)[] = [];
    const afterCommit = (effect: () => unknown) => void effects.push(effect);
    let batchEnd = new Map<string, () => Promise<unknown>>();
    let batchLast = new Map<string, () => Promise<unknown>>();
    const beforeCommit = (key: string, work: () => Promise<unknown>, options?: { last?: boolean }) => {
      const works = options?.last ? batchLast : batchEnd;
      if (!works.has(key)) works.set(key, work);
    };
    const nothing = { delivered: 0, more: false };
    const outcome = await this.#database.db.transaction(async (tx) => {
      effects = [];
      batchEnd = new Map();
      batchLast = new Map();
      // No JIT for the batch's statements: the read below is planned without knowing the position, so
      // its estimate passes jit_above_cost and PostgreSQL compiled it on every batch (tens of ms of CPU
      // for a read of a few index rows; most of the handlers' lag under load). Set with the lock: no
      // extra round trip.
      const locked = (await tx.execute(
        sql`select set_config('jit', 'off', true), pg_try_advisory_xact_lock(${lockSpace}, hashtext(${`${consumer.handler}\n${stream.name}`})) as locked`,
      )) as unknown as Rows;
      // Another instance is running this handler: it will deliver what is there.
      if (locked.rows[0]?.locked !== true) return nothing;
      const { position, read } = await this.#read(tx, consumer);
      consumer.position = position;
      const after = rowsAfter(read, position);
      if (!after) return nothing;
      const decided = plan(position, consumer.holes, after.ids, read.snapshot, Date.now(), this.#holeGraceMs);
      consumer.holes = decided.holes;
      if (decided.deliver === 0) return nothing;
      const delivered = after.events.slice(0, decided.deliver);
      const batch = delivered.filter((event): event is DomainEvent => event !== null);
      for (const event of delivered) {
        const handle = event && consumer.handlers.get(event.name);
        if (!event || !handle) continue;
        failing.event = event.id;
        await handle(event, { db: tx as unknown as Db, afterCommit, beforeCommit, batch });
      }
      stored = after.ids[decided.deliver - 1] as number;
      failing.event = `${stream.name}:${stored} (end of batch)`;
      for (const work of batchEnd.values()) await work();
      for (const work of batchLast.values()) await work();
      await tx.execute(
        sql`update event_handler_positions set position = ${stored}, updated_at = now()
            where handler = ${consumer.handler} and stream = ${stream.name}`,
      );
      return { delivered: decided.deliver, more: read.full && decided.deliver === after.ids.length };
    });
    if (stored !== undefined) consumer.position = stored;
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.#log.error({ err: error, handler: consumer.handler }, 'effect after an event handler failed');
      }
    }
    return outcome;
  }

  /**
   * The handler's position, read after its lock (so it is the one the last holder stored), and rows
   * after it with the snapshot they were read in, which says which transactions were still open, that
   * is, which holes in the ids may yet fill: the stream's latest read when the position lies inside it
   * (another handler's) and the handler waits on no hole, otherwise a new read, which becomes the latest.
   */
  async #read(
    tx: { execute(query: SQL): Promise<unknown> },
    consumer: Consumer,
  ): Promise<{ position: number; read: StreamRead }> {
    const { stream } = consumer;
    const cursor = sql`outbox_cursor.handler = ${consumer.handler} and outbox_cursor.stream = ${stream.name}`;
    const missing = () => new Error(`no stored position for ${consumer.handler} in ${stream.name}`);
    const latest = this.#reads.get(stream.name);
    // A handler waiting on a hole reads anew: only a later snapshot can tell the hole has settled.
    if (
      consumer.holes === undefined &&
      consumer.position !== undefined &&
      latest?.after !== undefined &&
      latest.after <= consumer.position
    ) {
      const { rows } = (await tx.execute(
        sql`select position from event_handler_positions outbox_cursor where ${cursor}`,
      )) as Rows;
      if (!rows[0]) throw missing();
      const position = Number(rows[0].position);
      // The newest read by now: another handler's may have started while this one took its lock.
      const newest = this.#reads.get(stream.name);
      const shared =
        newest?.after !== undefined && newest.after <= position
          ? await newest.read.catch(() => undefined)
          : undefined;
      if (shared && rowsAfter(shared, position)) return { position, read: shared };
    }
    // The position, the rows after it and their snapshot in one statement: a new read, the latest.
    const read = (
      tx.execute(
        sql`select pg_current_snapshot()::text as outbox_snapshot, outbox_cursor.position as outbox_position, batch.*
          from event_handler_positions outbox_cursor
          left join lateral (${stream.read(sql`outbox_cursor.position`, this.#batchSize)}) as batch on true
          where ${cursor}
          order by batch.id`,
      ) as Promise<Rows>
    ).then(({ rows }) => {
      if (!rows[0]) throw missing();
      return this.#toRead(stream, Number(rows[0].outbox_position), rows);
    });
    this.#reads.set(stream.name, { after: consumer.position, read });
    const done = await read;
    return { position: done.after, read: done };
  }

  /** A read's rows as events, once for every handler that uses it. */
  #toRead(stream: EventStream, after: number, rows: Record<string, unknown>[]): StreamRead {
    const snapshot = parseSnapshot(String(rows[0]?.outbox_snapshot));
    const present = rows.filter((row) => row.id !== null);
    const ids = present.map((row) => Number(row.id));
    const events = present.map((row, at) => {
      const event = stream.toEvent(row);
      if (!event) return null;
      const position = ids[at] as number;
      return {
        id: `${stream.name}:${position}`,
        stream: stream.name,
        position,
        ...event,
      } as DomainEvent<EventName>;
    });
    return { after, ids, events, snapshot, full: present.length >= this.#batchSize };
  }

  /** LISTEN for published events: a dedicated connection on PostgreSQL, in-process on PGlite. */
  async #listen(): Promise<void> {
    const wake = () => this.#wake(eventsTable);
    const { driver } = this.#database;
    if ('pglite' in driver) {
      this.#stopListening = await driver.pglite.listen(notifyChannel, wake);
      return;
    }
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const next = new pg.Client({ connectionString: driver.url });
      // A lost connection only costs the instant wake-up: polling goes on, and it reconnects.
      next.on('error', () => {
        void next.end().catch(() => {});
        if (this.#state === 'started') retry = setTimeout(() => void connect(), 1000).unref();
      });
      next.on('notification', wake);
      try {
        await next.connect();
        await next.query(`listen ${notifyChannel}`);
        client = next;
      } catch (error) {
        this.#log.warn({ err: error }, 'events: LISTEN failed; reading by polling alone for now');
        await next.end().catch(() => {});
        if (this.#state === 'started') retry = setTimeout(() => void connect(), 1000).unref();
      }
    };
    await connect();
    this.#stopListening = async () => {
      clearTimeout(retry);
      await client?.end();
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/**
 * `app.events`: modules add their streams and handlers while they register; reading starts when the
 * app is ready and stops when it closes, before the database does.
 */
async function eventsPlugin(app: FastifyInstance, options: EventBusOptions): Promise<void> {
  const bus = new EventBus(app.database, app.log, options);
  app.decorate('events', bus);
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', () => bus.stop());
}

export default fp(eventsPlugin, { name: 'events', dependencies: ['database'] });
