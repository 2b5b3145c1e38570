import type { PushMessage } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { deliverPush, type PushEndpointPolicy } from './push-endpoints.ts';
import type { VapidKeys } from './vapid-keys.ts';

const s = schema.pushSubscriptions;

/** How long a push service keeps a push for a browser that is offline, by kind. */
const ttlSeconds: Record<PushMessage['kind'], number> = {
  transactional: 24 * 60 * 60,
  promotional: 4 * 24 * 60 * 60,
};

export interface SendPushDeps {
  db: Db;
  keys: () => VapidKeys;
  policy: PushEndpointPolicy;
  log: FastifyBaseLogger;
}

/**
 * Sends one push to one subscription (the `notifications.push` job): the payload encrypted to the
 * browser's keys and the request signed with the VAPID key, both by web-push (aes128gcm, RFC 8291 and
 * RFC 8292), delivered by push-endpoints.ts. A subscription the push service no longer knows (404,
 * 410) is deleted at once; a refusal that would be the same next time (400, 403, 413) is logged and
 * dropped; anything else (429, 5xx, no answer) throws, so the queue retries the job.
 */
export async function sendPush(
  deps: SendPushDeps,
  subscriptionId: string,
  message: PushMessage,
): Promise<string> {
  const [subscription] = await deps.db.select().from(s).where(eq(s.id, subscriptionId));
  if (!subscription) return 'gone';
  const keys = deps.keys();
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    {
      vapidDetails: keys,
      TTL: ttlSeconds[message.kind],
      urgency: message.kind === 'transactional' ? 'high' : 'low',
      contentEncoding: 'aes128gcm',
    },
  );
  const answer = await deliverPush(
    { endpoint: request.endpoint, headers: request.headers as Record<string, string>, body: request.body },
    deps.policy,
  );
  if (answer.status >= 200 && answer.status < 300) return 'sent';
  if (answer.status === 404 || answer.status === 410) {
    await deps.db.delete(s).where(and(eq(s.id, subscription.id), eq(s.endpoint, subscription.endpoint)));
    deps.log.info(
      { subscription: subscription.id, status: answer.status },
      'push subscription expired: deleted',
    );
    return 'expired';
  }
  if ([400, 403, 413].includes(answer.status)) {
    deps.log.warn(
      { subscription: subscription.id, status: answer.status, answer: answer.body },
      'push refused',
    );
    return 'refused';
  }
  throw new Error(`push service answered ${answer.status}`);
}
