import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../testing/wait.ts';
import {
  appendPublication,
  appendPublications,
  channelPositions,
  channelState,
  pruneHistory,
} from './history.ts';

/*
 * A channel's history as a reconnecting client meets it: what followed its offset, recovered only when
 * all of it is still kept under the same epoch; capped by count and by age.
 */
describe.each(testDatabaseKinds)('realtime history on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database?.close());

  it('numbers publications per channel and gives back what followed an offset, in order', async () => {
    const { db } = database;
    const stored = [];
    for (const n of [1, 2, 3, 4]) stored.push(await appendPublication(db, 'balance#numbered', { n }));
    await appendPublication(db, 'balance#elsewhere', { n: 99 });
    expect(stored.map((p) => p.offset)).toEqual([1, 2, 3, 4]);
    expect(new Set(stored.map((p) => p.epoch)).size).toBe(1);
    const { epoch } = stored[0] as { epoch: string };

    const state = await channelState(db, 'balance#numbered', { offset: 2, epoch });
    expect(state).toEqual({
      epoch,
      offset: 4,
      recovery: {
        recovered: true,
        publications: [
          { offset: 3, data: { n: 3 } },
          { offset: 4, data: { n: 4 } },
        ],
      },
    });
    expect((await channelState(db, 'balance#numbered', { offset: 4, epoch })).recovery).toEqual({
      recovered: true,
      publications: [],
    });
    // Another epoch is another history: nothing of it can be recovered.
    expect((await channelState(db, 'balance#numbered', { offset: 2, epoch: 'other' })).recovery).toEqual({
      recovered: false,
      publications: [],
    });
    // A new channel gets a position of its own, offset 0.
    expect(await channelState(db, 'balance#untouched')).toMatchObject({ offset: 0 });
  });

  it('says where channels stand, a channel never published on at no epoch, from which all of it recovers', async () => {
    const { db } = database;
    const first = await appendPublication(db, 'balance#positioned', { n: 1 });
    const positions = await channelPositions(db, ['balance#positioned', 'balance#never-published']);
    expect(positions).toEqual(
      new Map([
        ['balance#positioned', { offset: 1, epoch: first.epoch }],
        ['balance#never-published', { offset: 0, epoch: '' }],
      ]),
    );
    // Reading positions writes nothing: the unpublished channel is still absent.
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from realtime_channels where channel = 'balance#never-published'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(0);
    const later = await appendPublication(db, 'balance#never-published', { n: 7 });
    const recovered = await channelState(
      db,
      'balance#never-published',
      positions.get('balance#never-published'),
    );
    expect(recovered).toEqual({
      epoch: later.epoch,
      offset: 1,
      recovery: { recovered: true, publications: [{ offset: 1, data: { n: 7 } }] },
    });
  });

  it('stores a batch of publications on several channels as one after the other would', async () => {
    const { db } = database;
    const first = await appendPublication(db, 'balance#batched-a', { n: 1 });
    const stored = await appendPublications(db, [
      { channel: 'balance#batched-b', data: { n: 1 } },
      { channel: 'balance#batched-a', data: { n: 2 } },
      { channel: 'balance#batched-b', data: { n: 2 } },
      { channel: 'balance#batched-a', data: { n: 3 } },
    ]);
    expect(stored.map(({ channel, offset, data }) => [channel, offset, data])).toEqual([
      ['balance#batched-b', 1, { n: 1 }],
      ['balance#batched-a', 2, { n: 2 }],
      ['balance#batched-b', 2, { n: 2 }],
      ['balance#batched-a', 3, { n: 3 }],
    ]);
    // A channel keeps its epoch; a new one gets one of its own, the same for all its publications.
    expect(stored.filter((p) => p.channel === 'balance#batched-a').map((p) => p.epoch)).toEqual([
      first.epoch,
      first.epoch,
    ]);
    const [newEpoch, again] = stored.filter((p) => p.channel === 'balance#batched-b').map((p) => p.epoch);
    expect(again).toBe(newEpoch);
    expect((await channelState(db, 'balance#batched-a', { offset: 1, epoch: first.epoch })).recovery).toEqual(
      {
        recovered: true,
        publications: [
          { offset: 2, data: { n: 2 } },
          { offset: 3, data: { n: 3 } },
        ],
      },
    );
    // The next single publication follows the batch.
    expect((await appendPublication(db, 'balance#batched-b', { n: 3 })).offset).toBe(3);
  });

  it('keeps the newest publications of each channel and none older than the TTL', async () => {
    const { db } = database;
    let epoch = '';
    for (const n of [1, 2, 3, 4, 5]) epoch = (await appendPublication(db, 'comps_award#capped', { n })).epoch;
    await pruneHistory(db, 2, 3600);
    // Offsets 4 and 5 are kept: a client at 3 recovers, one at 2 cannot and reads the source of truth.
    expect((await channelState(db, 'comps_award#capped', { offset: 3, epoch })).recovery).toEqual({
      recovered: true,
      publications: [
        { offset: 4, data: { n: 4 } },
        { offset: 5, data: { n: 5 } },
      ],
    });
    expect((await channelState(db, 'comps_award#capped', { offset: 2, epoch })).recovery?.recovered).toBe(
      false,
    );

    await db.execute(
      sql`update realtime_publications set published_at = now() - interval '2 hours' where channel = 'comps_award#capped' and "offset" = 4`,
    );
    await pruneHistory(db, 2, 3600);
    expect((await channelState(db, 'comps_award#capped', { offset: 3, epoch })).recovery?.recovered).toBe(
      false,
    );
    expect((await channelState(db, 'comps_award#capped', { offset: 4, epoch })).recovery).toEqual({
      recovered: true,
      publications: [{ offset: 5, data: { n: 5 } }],
    });
  });

  // Two connections: PostgreSQL only (PGlite has one).
  it.runIf(kind === 'postgres')(
    'reads a publication given as a read once its channel is locked, so a fresher copy stored meanwhile stays last',
    async () => {
      const { db } = database;
      const channel = 'bonuses_changes#current';
      await db.execute(sql`create table current_probe (wagered int)`);
      await db.execute(sql`insert into current_probe values (0)`);
      const readProbe = async (tx: typeof db) =>
        ((await tx.execute(sql`select wagered from current_probe`)) as unknown as { rows: unknown[] })
          .rows[0];

      // One transaction moves the object and stores its fresh copy, and stays open.
      let release = () => {};
      let freshStored = () => {};
      const stored = new Promise<void>((resolve) => {
        freshStored = resolve;
      });
      const writer = db.transaction(async (tx) => {
        await tx.execute(sql`update current_probe set wagered = 300`);
        await appendPublications(tx, [{ channel, data: { wagered: 300 } }]);
        freshStored();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await stored;
      // Another publishes the same object as it reads it; it waits for the channel's lock.
      const reader = db.transaction((tx) => appendPublications(tx, [{ channel, read: () => readProbe(tx) }]));
      await waitUntil(async () => {
        const { rows } = (await db.execute(sql`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
          rows: { waiting: number }[];
        };
        expect(rows[0]?.waiting).toBe(1);
      });
      release();
      await Promise.all([writer, reader]);

      const { rows } = (await db.execute(sql`
        select data from realtime_publications where channel = ${channel} order by "offset"`)) as unknown as {
        rows: { data: unknown }[];
      };
      expect(rows.map(({ data }) => data)).toEqual([{ wagered: 300 }, { wagered: 300 }]);
    },
  );
});
