import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { defineHandler } from '../../../platform/events.ts';

async function spinOf(db: Db, spinId: string) {
  const [row] = await db.select().from(schema.wheelSpins).where(eq(schema.wheelSpins.id, spinId));
  return row;
}

/**
 * A spin earned or used is published on the player's `wheel_changes` channel: an open wheel page or
 * modal lights up when the deposit lands (with the committed seed's hash), and a second tab learns the
 * spin is used. A hint: the page reads GET /player/wheel for the rest.
 */
export const publishSpin = defineHandler({
  name: 'wheel.publish',
  follows: ['wheel.spin_granted', 'wheel.spun'],
  handle: (app) => async (event, context) => {
    const row = await spinOf(context.db, event.payload.spinId);
    if (!row) return;
    const ready = row.spunAt === null;
    await app.realtime.publishToPlayer(
      context,
      'wheel_changes',
      row.playerId,
      { can_spin: ready, seed_hash: ready ? row.serverSeedHash : null, day: row.day },
      `${event.id}:wheel`,
    );
  },
});
