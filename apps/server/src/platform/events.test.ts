import type { Database } from '@chrysos/db';
import { createDatabase } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnPostgres } from '../testing/on-postgres.ts';
import { waitUntil } from '../testing/wait.ts';
import { type DomainEvent, EventBus, type EventBusOptions, perBatch } from './events.ts';

declare module './events.ts' {
  interface DomainEvents {
    'test.noted': { text: string };
    'test.other': { n: number };
  }
}

const silent = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

const quick: EventBusOptions = { pollMs: 20, holeGraceMs: 100, retryMs: 20 };

/**
 * A bus whose handler keeps the text of every `test.noted` event. Polls once an hour unless told
 * otherwise, so an event that arrives sooner was woken by NOTIFY.
 */
async function notes(
  database: Database,
  handlerId: string,
  options: EventBusOptions = { ...quick, pollMs: 3_600_000 },
) {
  const bus = new EventBus(database, silent, options);
  const seen: DomainEvent<'test.noted'>[] = [];
  bus.on('test.noted', handlerId, (event) => void seen.push(event));
  await bus.start();
  return { bus, seen, texts: () => seen.map((event) => event.payload.text) };
}

describe.each(testDatabaseKinds)('published events on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('delivers what a committed transaction published, woken at once, and nothing of a rolled-back one', async () => {
    const { bus, seen, texts } = await notes(database, 'test.notify');
    try {
      await database.db.transaction(async (tx) => {
        await bus.publish(tx, 'test.noted', { text: 'registered' });
        await bus.publish(tx, 'test.noted', { text: 'signed in' });
      });
      await expect(
        database.db.transaction(async (tx) => {
          await bus.publish(tx, 'test.noted', { text: 'never happened' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await bus.publish(database.db, 'test.noted', { text: 'after' });
      // The next poll is an hour away: NOTIFY woke the reader.
      await waitUntil(() => expect(texts()).toEqual(['registered', 'signed in', 'after']), { interval: 20 });
      expect(seen[0]?.name).toBe('test.noted');
      expect(seen[0]?.id).toBe(`events:${seen[0]?.position}`);
      expect(seen[0]?.occurredAt).toBeInstanceOf(Date);
    } finally {
      await bus.stop();
    }
  });

  it('looks at a quiet stream less and less often, and at its pace again once woken', async () => {
    const { bus, texts } = await notes(database, 'test.quiet', { ...quick, quietPollMs: 3_600_000 });
    const pollWait = () => bus.status()[0]?.pollWaitMs ?? 0;
    try {
      // Nothing written: each look that finds nothing doubles the wait from 20 ms.
      await waitUntil(() => expect(pollWait()).toBeGreaterThanOrEqual(1_280), { interval: 20 });
      await bus.publish(database.db, 'test.noted', { text: 'woken' });
      await waitUntil(() => expect(texts()).toEqual(['woken']), { interval: 5 });
      // Read on its wake-up, not after the wait; and the stream is looked at at its pace again (it doubles
      // back to 1,280 ms only after 1.26 s more of quiet).
      expect(pollWait()).toBeLessThan(1_280);
    } finally {
      await bus.stop();
    }
  });

  it('starts a new handler after what was there unless it asks for the beginning', async () => {
    const writer = new EventBus(database, silent, quick);
    await writer.publish(database.db, 'test.noted', { text: 'old news' });
    const fresh = await notes(database, 'test.fresh', quick);
    const replaying = new EventBus(database, silent, quick);
    const replayed: string[] = [];
    replaying.on('test.noted', 'test.replaying', (event) => void replayed.push(event.payload.text), {
      from: 'beginning',
    });
    await replaying.start();
    try {
      await writer.publish(database.db, 'test.noted', { text: 'news' });
      await waitUntil(() => expect(fresh.texts()).toEqual(['news']), { interval: 20 });
      await waitUntil(() => expect(replayed.slice(-2)).toEqual(['old news', 'news']), { interval: 20 });
    } finally {
      await Promise.all([fresh.bus.stop(), replaying.stop()]);
    }
  });

  it('stores the handler’s writes and its position in one transaction', async () => {
    const bus = new EventBus(database, silent, quick);
    let failOnce = true;
    bus.on('test.other', 'test.writer', async (event, { db }) => {
      // A write of the handler's own, then a failure: the write goes with the rolled-back batch.
      await db.execute(sql`insert into counted (position) values (${event.position})`);
      if (failOnce) {
        failOnce = false;
        throw new Error('crashed after writing');
      }
    });
    await database.db.execute(sql`create table counted (position bigint not null)`);
    await bus.start();
    try {
      await bus.publish(database.db, 'test.other', { n: 1 });
      await waitUntil(
        async () => {
          const { rows } = (await database.db.execute(sql`select count(*) as n from counted`)) as unknown as {
            rows: { n: number }[];
          };
          expect(failOnce).toBe(false);
          expect(Number(rows[0]?.n)).toBe(1);
          expect(bus.status()[0]?.failures).toBe(0);
        },
        { interval: 20 },
      );
    } finally {
      await bus.stop();
    }
  });

  it('runs a handler’s after-commit effects once its batch has committed, and none of a failed batch', async () => {
    const bus = new EventBus(database, silent, quick);
    const effects: { n: number; committed: number }[] = [];
    let failOnce = true;
    bus.on('test.other', 'test.effects', async (event, { db, afterCommit }) => {
      await db.execute(sql`insert into effected (position) values (${event.position})`);
      afterCommit(async () => {
        // What the effect sees from another connection: the handler's write is committed by now.
        const { rows } = (await database.db.execute(
          sql`select count(*) as n from effected where position = ${event.position}`,
        )) as unknown as { rows: { n: number }[] };
        effects.push({ n: event.payload.n, committed: Number(rows[0]?.n) });
      });
      if (failOnce) {
        failOnce = false;
        throw new Error('failed after asking for an effect');
      }
    });
    await database.db.execute(sql`create table effected (position bigint not null)`);
    await bus.start();
    try {
      await bus.publish(database.db, 'test.other', { n: 7 });
      await waitUntil(() => expect(effects).toEqual([{ n: 7, committed: 1 }]), { interval: 20 });
    } finally {
      await bus.stop();
    }
  });

  /** Starts the bus, publishes test.other 1 to 5 in one transaction, and waits until `delivered` holds. */
  async function deliverOneToFive(bus: EventBus, delivered: () => void): Promise<void> {
    await bus.start();
    try {
      await database.db.transaction(async (tx) => {
        for (const n of [1, 2, 3, 4, 5]) await bus.publish(tx, 'test.other', { n });
      });
      await waitUntil(delivered, { interval: 20 });
    } finally {
      await bus.stop();
    }
  }

  it('gathers what a handler asks per event and does it once per batch, in order, in the batch', async () => {
    const bus = new EventBus(database, silent, { ...quick, batchSize: 3 });
    const flushed: number[][] = [];
    const gathered = perBatch<number>('test.gathered', async (context, items) => {
      await context.db.execute(sql`insert into gathered (items) values (${items.join(',')})`);
      flushed.push(items);
    });
    bus.on('test.other', 'test.per-batch', (event, context) => gathered(context, event.payload.n));
    await database.db.execute(sql`create table gathered (items text not null)`);
    // Batches of three: the five events in two batches, each flushed once and stored with them.
    await deliverOneToFive(bus, () =>
      expect(flushed).toEqual([
        [1, 2, 3],
        [4, 5],
      ]),
    );
    const { rows } = (await database.db.execute(sql`select items from gathered`)) as unknown as {
      rows: { items: string }[];
    };
    expect(rows.map((row) => row.items).sort()).toEqual(['1,2,3', '4,5']);
  });

  it('flushes what a handler gathered when it asks, before the event that needs it done', async () => {
    const bus = new EventBus(database, silent, { ...quick, batchSize: 10 });
    const flushed: number[][] = [];
    const gathered = perBatch<number>('test.flushed', async (_context, items) => void flushed.push(items));
    bus.on('test.other', 'test.flush-early', async (event, context) => {
      // 3 reads what the events before it gathered: they are done first, in the same batch.
      if (event.payload.n === 3) await gathered.flush(context);
      gathered(context, event.payload.n);
    });
    await deliverOneToFive(bus, () =>
      expect(flushed).toEqual([
        [1, 2],
        [3, 4, 5],
      ]),
    );
  });

  it('reads a steady stream of wake-ups in a batch per pace, and a wake-up after a quiet spell at once', async () => {
    // Polls once an hour: every run below is started by a wake-up (NOTIFY of each publish).
    const paceMs = 250;
    const bus = new EventBus(database, silent, { ...quick, pollMs: 3_600_000, paceMs });
    const batches: number[][] = [];
    const gathered = perBatch<number>('test.paced', async (_context, items) => void batches.push(items));
    bus.on('test.other', 'test.paced', (event, context) => gathered(context, event.payload.n));
    await bus.start();
    try {
      // 60 events, one every 10 ms or so, each waking the handler: without a pace, a batch of a row or two each.
      const started = performance.now();
      for (let n = 1; n <= 60; n++) {
        await bus.publish(database.db, 'test.other', { n });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await waitUntil(() => expect(batches.flat()).toHaveLength(60), { interval: 20 });
      const elapsed = performance.now() - started;
      expect(batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      // At most one run per pace over the time it took, and the first run at the start.
      expect(batches.length).toBeLessThanOrEqual(Math.ceil(elapsed / paceMs) + 1);

      // Quiet for longer than the pace: the next event is read on its own wake-up, not at the next poll.
      await new Promise((resolve) => setTimeout(resolve, paceMs));
      await bus.publish(database.db, 'test.other', { n: 61 });
      await waitUntil(() => expect(batches.at(-1)).toEqual([61]), { interval: 20 });
    } finally {
      await bus.stop();
    }
  });

  it('reads the rows once for handlers that start where another read from, and gives each every event', async () => {
    // A stream over the events table whose new reads are counted. One handler runs at a time, so the
    // second and the third start from the place the first read from, inside its read.
    let reads = 0;
    const bus = new EventBus(database, silent, { ...quick, pollMs: 3_600_000, concurrency: 1, paceMs: 0 });
    bus.stream({
      name: 'counted',
      produces: ['test.other'],
      head: sql`select coalesce(max(id), 0) as head from events`,
      read: (after, limit) => {
        reads++;
        return sql`select id, name, payload, occurred_at from events e where e.id > ${after} order by e.id limit ${limit}`;
      },
      toEvent: (row) =>
        row.name === 'test.other'
          ? { name: 'test.other', payload: row.payload, occurredAt: new Date(String(row.occurred_at)) }
          : null,
    });
    const seen = new Map<string, number[]>();
    for (const handler of ['test.shared-a', 'test.shared-b', 'test.shared-c']) {
      seen.set(handler, []);
      bus.on('test.other', handler, (event) => void seen.get(handler)?.push(event.payload.n));
    }
    await bus.start();
    const append = async (from: number, to: number) => {
      await database.db.execute(
        sql`insert into events (name, payload)
            select 'test.other', jsonb_build_object('n', n) from generate_series(${from}::int, ${to}::int) n`,
      );
      bus.wake('counted');
    };
    const everyHandlerHas = (count: number) =>
      waitUntil(
        () => expect([...seen.values()].map((numbers) => numbers.length)).toEqual([count, count, count]),
        { interval: 20 },
      );
    try {
      // Each handler's first batch reads on its own: it does not know its place yet.
      await append(1, 1);
      await everyHandlerHas(1);
      reads = 0;
      await append(2, 11);
      await everyHandlerHas(11);
      expect(reads).toBe(1);
      const all = Array.from({ length: 11 }, (_, i) => i + 1);
      expect([...seen.values()]).toEqual([all, all, all]);
    } finally {
      await bus.stop();
    }
  });

  it('refuses to publish an event another stream produces', async () => {
    const bus = new EventBus(database, silent, quick);
    bus.stream({
      name: 'numbers',
      produces: ['test.other'],
      head: sql`select 0 as head`,
      read: () => sql`select 0 as id where false`,
      toEvent: () => null,
    });
    await expect(bus.publish(database.db, 'test.other', { n: 1 })).rejects.toThrow('numbers stream');
  });
});

describeOnPostgres('published events across transactions and instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('waits for an event that commits after a later one and delivers both in id order', async () => {
    const { bus, texts } = await notes(database, 'test.late', quick);
    try {
      let commit = () => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let published = () => {};
      const taken = new Promise<void>((resolve) => {
        published = resolve;
      });
      const open = database.db.transaction(async (tx) => {
        await bus.publish(tx, 'test.noted', { text: 'first id, committed last' });
        published();
        await held;
      });
      await taken;
      await bus.publish(database.db, 'test.noted', { text: 'second id, committed first' });
      await waitUntil(() => expect(bus.status()[0]?.waitingOnHole).toBe(true), { interval: 10 });
      expect(texts()).toEqual([]);
      commit();
      await open;
      await waitUntil(
        () => expect(texts()).toEqual(['first id, committed last', 'second id, committed first']),
        { interval: 20 },
      );
    } finally {
      await bus.stop();
    }
  });

  it('hands each event to one of two instances sharing a handler id, once', async () => {
    const other = await createDatabase({ url: database.url as string, poolSize: 4 });
    const [one, two] = [new EventBus(database, silent, quick), new EventBus(other, silent, quick)];
    const handled: string[] = [];
    let active = 0;
    let mostAtOnce = 0;
    for (const bus of [one, two]) {
      bus.on('test.noted', 'test.shared', async (event) => {
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        await new Promise((resolve) => setTimeout(resolve, 2));
        handled.push(event.payload.text);
        active--;
      });
      await bus.start();
    }
    try {
      const sent = Array.from({ length: 60 }, (_, i) => `note ${i}`);
      for (const text of sent)
        await (Number(text.slice(5)) % 2 ? one : two).publish(database.db, 'test.noted', { text });
      await waitUntil(() => expect(handled.length).toBeGreaterThanOrEqual(sent.length), { interval: 20 });
      expect(handled).toEqual(sent);
      expect(mostAtOnce).toBe(1);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await other.close();
    }
  });
});
