import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import type { EventRow } from './event-row.ts';
import { ensurePartitions, isMissingPartition } from './partitions.ts';

/**
 * Stores events received at `receivedAt`, each message id of a source once: a batch re-sent after a
 * lost answer, or the same event in two batches, stores nothing twice. One statement, so the id and
 * its event are stored together or not at all. Answers the events that were new.
 *
 * A month with no partition yet (the product clock moved past those made ahead) is made and the
 * statement run again; inside a transaction, say `savepoint` so that the failed try leaves it usable.
 */
export async function storeEvents<Row extends EventRow & { receivedAt?: Date }>(
  db: Db,
  rows: readonly Row[],
  receivedAt: Date,
  options: { savepoint?: boolean } = {},
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((row) => ({
      received_at: (row.receivedAt ?? receivedAt).toISOString(),
      message_id: row.messageId,
      source: row.source,
      type: row.type,
      name: row.name,
      user_id: row.userId,
      anonymous_id: row.anonymousId,
      occurred_at: row.occurredAt.toISOString(),
      properties: row.properties,
      context: row.context,
    })),
  );
  const statement = sql`
    with input as (
      select distinct on (source, message_id) *
      from jsonb_to_recordset(${input}::jsonb) as x(received_at timestamptz, message_id text, source text,
        type text, name text, user_id text, anonymous_id text, occurred_at timestamptz, properties jsonb,
        context jsonb)
      order by source, message_id
    ), fresh as (
      insert into analytics_message_ids (source, message_id, received_at)
      select source, message_id, received_at from input
      on conflict do nothing
      returning source, message_id
    )
    insert into analytics_events (received_at, message_id, source, type, name, user_id, anonymous_id,
      occurred_at, properties, context)
    select received_at, message_id, source, type, name, user_id, anonymous_id, occurred_at, properties,
      context
    from input join fresh using (source, message_id)
    returning source, message_id`;
  const run = async () =>
    (options.savepoint
      ? await db.transaction((savepoint) => savepoint.execute(statement))
      : await db.execute(statement)) as { rows: unknown[] };
  let stored: { rows: unknown[] };
  try {
    stored = await run();
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    await ensurePartitions(db, [
      receivedAt,
      ...rows.flatMap((row) => (row.receivedAt ? [row.receivedAt] : [])),
    ]);
    stored = await run();
  }
  const fresh = new Set(
    (stored.rows as { source: string; message_id: string }[]).map(
      (row) => `${row.source}\n${row.message_id}`,
    ),
  );
  return rows.filter((row) => fresh.delete(`${row.source}\n${row.messageId}`));
}

/** Whether a user has an event of this name from this source (by the user's index, in every month). */
export async function userHasEvent(db: Db, source: string, userId: string, name: string): Promise<boolean> {
  const { rows } = (await db.execute(
    sql`select 1 from analytics_events where user_id = ${userId} and source = ${source} and name = ${name} limit 1`,
  )) as { rows: unknown[] };
  return rows.length > 0;
}
