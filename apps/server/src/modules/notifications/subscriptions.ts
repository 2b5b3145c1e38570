import type { PushSubscriptionInput } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type PushEndpointPolicy, pushEndpointAllowed } from './push-endpoints.ts';

const s = schema.pushSubscriptions;

/** Browsers a player receives pushes on: enough for every device they use, few enough that nobody can make a deposit fan out. */
export const subscriptionsPerPlayer = 10;

/**
 * POST /player/push_subscriptions: stores this browser's subscription for the signed-in player. The
 * endpoint must be a known push service (push-endpoints.ts); the same endpoint sent again (a browser
 * re-subscribing, another player signing in on it) keeps one row, now the latest player's. A player
 * keeps their ten newest subscriptions.
 */
export async function storePushSubscription(
  db: Db,
  playerId: string,
  subscription: PushSubscriptionInput,
  policy: PushEndpointPolicy,
): Promise<void> {
  if (!pushEndpointAllowed(subscription.endpoint, policy)) {
    throw new AppError('notifications.push_service_not_allowed', { field: 'endpoint' });
  }
  const values = { playerId, endpoint: subscription.endpoint, ...subscription.keys };
  await db.transaction(async (tx) => {
    await tx
      .insert(s)
      .values(values)
      .onConflictDoUpdate({
        target: s.endpoint,
        set: { playerId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`now()` },
      });
    // The newest ten stay; an older browser subscribes again on its player's next visit.
    const kept = tx
      .select({ id: s.id })
      .from(s)
      .where(eq(s.playerId, playerId))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(subscriptionsPerPlayer);
    await tx.delete(s).where(and(eq(s.playerId, playerId), notInArray(s.id, kept)));
  });
}

/** DELETE /player/push_subscriptions: forgets the player's subscription at this endpoint (none: nothing changes). */
export async function removePushSubscription(db: Db, playerId: string, endpoint: string): Promise<void> {
  await db.delete(s).where(and(eq(s.playerId, playerId), eq(s.endpoint, endpoint)));
}
