import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { waitUntil } from './wait.ts';

/**
 * Until every event handler has read to the head of its stream, twice in a row 300 ms apart: handlers
 * book and publish in turn (a jackpot payout is a ledger row the others then read). What is checked
 * after it (ledger and programme audits) sees every handler's writes for everything booked before.
 */
export async function handlersCaughtUp(db: Db): Promise<void> {
  const behind = async () =>
    (
      (await db.execute(sql`
        select p.handler from event_handler_positions p
        where (p.stream = 'ledger' and p.position < (select coalesce(max(id), 0) from ledger_transactions))
           or (p.stream = 'events' and p.position < (select coalesce(max(id), 0) from events))`)) as unknown as {
        rows: { handler: string }[];
      }
    ).rows;
  for (let stable = 0; stable < 2; ) {
    await waitUntil(async () => expect(await behind()).toEqual([]), { interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    stable = (await behind()).length === 0 ? stable + 1 : 0;
  }
}
