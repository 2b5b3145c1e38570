import type { PushSubscriptionInput } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { type PushEndpointPolicy, pushEndpointAllowed } from './push-endpoints.ts';

const s = schema.pushSubscriptions;

/**
 * POST /player/push_subscriptions: stores this browser's subscription for the signed-in player. The
 * endpoint must be a known push service (push-endpoints.ts); the same endpoint sent again (a browser
 * re-subscribing, another player signing in on it) keeps one row, now the latest player's.
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
  await db
    .insert(s)
    .values(values)
    .onConflictDoUpdate({ target: s.endpoint, set: { playerId, p256dh: values.p256dh, auth: values.auth } });
}

/** DELETE /player/push_subscriptions: forgets the player's subscription at this endpoint (none: nothing changes). */
export async function removePushSubscription(db: Db, playerId: string, endpoint: string): Promise<void> {
  await db.delete(s).where(and(eq(s.playerId, playerId), eq(s.endpoint, endpoint)));
}
