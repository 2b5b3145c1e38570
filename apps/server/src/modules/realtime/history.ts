import { randomBytes } from 'node:crypto';
import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

/**
 * Each channel's history in PostgreSQL (or PGlite): publications with consecutive offsets under an epoch,
 * so a client that comes back names the last offset it saw and gets what followed, on any instance,
 * after any restart. Capped by count and age by the realtime.prune job.
 */

export interface StoredPublication {
  channel: string;
  offset: number;
  epoch: string;
  data: unknown;
}

type Rows<T> = { rows: T[] };

const newEpoch = () => randomBytes(6).toString('hex');

/**
 * Stores a publication with the channel's next offset, in the caller's transaction. The channel's row is
 * locked until that transaction ends, so a later publication on the channel commits after this one.
 */
export async function appendPublication(db: Db, channel: string, data: unknown): Promise<StoredPublication> {
  const { rows } = (await db.execute(sql`
    with position as (
      insert into realtime_channels (channel, epoch, top_offset) values (${channel}, ${newEpoch()}, 1)
      on conflict (channel) do update set top_offset = realtime_channels.top_offset + 1, updated_at = now()
      returning epoch, top_offset
    ), stored as (
      insert into realtime_publications (channel, "offset", data)
      select ${channel}, top_offset, ${JSON.stringify(data)}::jsonb from position
    )
    select epoch, top_offset from position`)) as unknown as Rows<{
    epoch: string;
    top_offset: string | number;
  }>;
  const row = rows[0];
  if (!row) throw new Error(`no position for ${channel}`);
  return { channel, offset: Number(row.top_offset), epoch: row.epoch, data };
}

/**
 * Locks these channels' rows (creating a channel not published on yet, at offset 0), in channel order as
 * `appendPublications` takes them, until the caller's transaction ends: whatever the caller reads next
 * cannot be overtaken on these channels by a publication of a transaction that committed meanwhile.
 */
async function lockChannels(db: Db, channels: string[]): Promise<void> {
  const sorted = [...new Set(channels)].sort();
  if (sorted.length === 0) return;
  await db.execute(sql`
    insert into realtime_channels (channel, epoch, top_offset)
    select channel, ${newEpoch()}, 0 from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb) as channel
    order by channel
    on conflict (channel) do update set top_offset = realtime_channels.top_offset`);
}

/** A publication's data, or how to read it once its channel is locked (nothing when it reads undefined). */
export type Publication =
  | { channel: string; data: unknown }
  | { channel: string; read: (db: Db) => Promise<unknown | undefined> };

/**
 * Stores many publications in one statement, in the caller's transaction: each with its channel's next
 * offset, the publications of one channel in the order given. The channels' rows are locked in channel
 * order (as one statement takes them), so two such batches cannot deadlock on each other. Publications
 * given as a read are read after their channels are locked: a copy read earlier could be stored after a
 * fresher one that a concurrent transaction stored meanwhile, and stay the channel's last word.
 */
export async function appendPublications(db: Db, given: Publication[]): Promise<StoredPublication[]> {
  if (given.some((publication) => 'read' in publication)) {
    await lockChannels(
      db,
      given.map(({ channel }) => channel),
    );
  }
  const publications: { channel: string; data: unknown }[] = [];
  for (const publication of given) {
    const data = 'read' in publication ? await publication.read(db) : publication.data;
    if (data !== undefined) publications.push({ channel: publication.channel, data });
  }
  if (publications.length === 0) return [];
  const input = publications.map(({ channel, data }, ord) => ({ ord, channel, data }));
  // One epoch for the channels this statement creates: an epoch tells a channel's history apart from an
  // earlier one of the same channel, so channels created together may share it.
  const { rows } = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(ord int, channel text, data jsonb)
    ), counts as (
      select channel, count(*) as n from input group by channel
    ), position as (
      insert into realtime_channels (channel, epoch, top_offset)
      select channel, ${newEpoch()}, n from counts order by channel
      on conflict (channel) do update set top_offset = realtime_channels.top_offset + excluded.top_offset, updated_at = now()
      returning channel, epoch, top_offset
    ), numbered as (
      select input.ord, input.channel, input.data, position.epoch,
        position.top_offset - counts.n + row_number() over (partition by input.channel order by input.ord) as "offset"
      from input join counts using (channel) join position using (channel)
    ), stored as (
      insert into realtime_publications (channel, "offset", data) select channel, "offset", data from numbered
    )
    select ord, epoch, "offset" from numbered order by ord`)) as unknown as Rows<{
    ord: number;
    epoch: string;
    offset: string | number;
  }>;
  return rows.map((row) => {
    const asked = publications[row.ord] as { channel: string; data: unknown };
    return { channel: asked.channel, offset: Number(row.offset), epoch: row.epoch, data: asked.data };
  });
}

/**
 * Where these channels stand now, by name; a channel with no stream yet is at offset 0 of no epoch, from
 * which a subscriber recovers whatever its first publications are. Reads only: a page view writes nothing.
 */
export async function channelPositions(
  db: Db,
  channels: string[],
): Promise<Map<string, { offset: number; epoch: string }>> {
  const { rows } = (await db.execute(
    sql`select channel, epoch, top_offset from realtime_channels
        where channel in (select jsonb_array_elements_text(${JSON.stringify(channels)}::jsonb))`,
  )) as unknown as Rows<{ channel: string; epoch: string; top_offset: string | number }>;
  const found = new Map(
    rows.map((row) => [row.channel, { offset: Number(row.top_offset), epoch: row.epoch }]),
  );
  return new Map(channels.map((channel) => [channel, found.get(channel) ?? { offset: 0, epoch: '' }]));
}

export interface ChannelState {
  epoch: string;
  /** The newest offset (0 before the first publication). */
  offset: number;
  /** Set when the caller asked to recover: what followed its offset, and whether that is all of it. */
  recovery?: { recovered: boolean; publications: { offset: number; data: unknown }[] };
}

/**
 * The channel's position (created with a new epoch if the channel has none yet) and, for a client that
 * recovers from `since`, the publications after it: recovered only when the epoch is the same and every
 * one of them is still kept.
 */
export async function channelState(
  db: Db,
  channel: string,
  since?: { offset: number; epoch: string },
  limit = 10_000,
): Promise<ChannelState> {
  await db.execute(
    sql`insert into realtime_channels (channel, epoch) values (${channel}, ${newEpoch()}) on conflict do nothing`,
  );
  const { rows } = (await db.execute(
    sql`select epoch, top_offset from realtime_channels where channel = ${channel}`,
  )) as unknown as Rows<{ epoch: string; top_offset: string | number }>;
  const row = rows[0];
  if (!row) throw new Error(`no position for ${channel}`);
  const state: ChannelState = { epoch: row.epoch, offset: Number(row.top_offset) };
  if (!since) return state;
  // An empty epoch means the client has no position yet: anything from its offset will do.
  if ((since.epoch !== '' && since.epoch !== state.epoch) || since.offset > state.offset) {
    return { ...state, recovery: { recovered: false, publications: [] } };
  }
  const missed = state.offset - since.offset;
  if (missed === 0) return { ...state, recovery: { recovered: true, publications: [] } };
  if (missed > limit) return { ...state, recovery: { recovered: false, publications: [] } };
  const found = (await db.execute(
    sql`select "offset", data from realtime_publications
        where channel = ${channel} and "offset" > ${since.offset} and "offset" <= ${state.offset}
        order by "offset"`,
  )) as unknown as Rows<{ offset: string | number; data: unknown }>;
  const publications = found.rows.map((pub) => ({
    offset: Number(pub.offset),
    data: typeof pub.data === 'string' ? JSON.parse(pub.data) : pub.data,
  }));
  const recovered = publications.length === missed && publications[0]?.offset === since.offset + 1;
  return { ...state, recovery: { recovered, publications: recovered ? publications : [] } };
}

/**
 * Drops publications beyond the newest `size` of their channel or older than `ttlSeconds`, and channels
 * idle for longer than that with nothing kept (their next publication starts a new epoch).
 */
export async function pruneHistory(db: Db, size: number, ttlSeconds: number): Promise<void> {
  await db.execute(sql`
    delete from realtime_publications p using realtime_channels c
    where p.channel = c.channel and p."offset" <= c.top_offset - ${size}`);
  await db.execute(sql`
    delete from realtime_publications where published_at < now() - ${ttlSeconds} * interval '1 second'`);
  await db.execute(sql`
    delete from realtime_channels c
    where c.updated_at < now() - ${ttlSeconds} * interval '1 second'
      and not exists (select 1 from realtime_publications p where p.channel = c.channel)`);
}
