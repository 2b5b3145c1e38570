import type { Db } from '@chrysos/db';
import type { EventBus } from '../../platform/events.ts';
import { bookEntries } from './entries.ts';
import { micro } from './levels.ts';

/**
 * Gives a player comp points (a fortune-wheel prize, an operator's grant), once per `key`: a second call
 * with the same key changes nothing. Call it in the transaction of what earns them; the level is settled
 * and the new points pushed once it commits (loyalty.points_changed, published with the entry).
 */
export async function awardCompPoints(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  award: { playerId: string; points: number; reason: string; key: string; now: Date },
): Promise<void> {
  const microPoints = Math.round(award.points * micro);
  if (!Number.isSafeInteger(microPoints) || microPoints <= 0) {
    throw new RangeError(`comp points to award must be positive: ${award.points}`);
  }
  const booked = await bookEntries(
    tx,
    [
      {
        playerId: award.playerId,
        key: `award:${award.key}`,
        kind: 'award',
        microPoints,
        reason: award.reason,
        at: award.now,
      },
    ],
    award.now,
  );
  if (booked.length > 0)
    await events.publish(tx, 'loyalty.points_changed', { playerId: award.playerId, reason: 'award' });
}
