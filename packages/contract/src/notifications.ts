import { z } from 'zod';
import { notificationReadsKept } from './notification-limits.ts';

export { notificationReadsKept, readNotificationsShown } from './notification-limits.ts';

import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The notifications centre and web push (spec §2 Header, §3 Notification item and read record, §6 push
 * auto-subscribe, §9 WB_NOTIF_READ). Paths under /api/player, as spec §7's other player calls:
 *
 *   GET  /player/notification_reads          the player's read records, newest first (at most 100)
 *   POST /player/notification_reads          adds read records; answers the merged list
 *   GET  /player/push_subscriptions/key      the VAPID public key a browser subscribes with
 *   POST /player/push_subscriptions          stores this browser's push subscription for the player
 *   DELETE /player/push_subscriptions        forgets it (by endpoint)
 */

/** A notification's key: its slug (content) or `bonus:<id>` / `freespin:<id>` (the bonus engine). */
const notificationSlug = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9:_-]*$/);

/** Spec §3 read-notification record: slug, createdAt, time read. */
export const notificationReadRecord = z
  .object({
    slug: notificationSlug,
    /** The notification's createdAt (ISO 8601): a slug published again later is another notification. */
    createdAt: z.iso.datetime({ offset: true }),
    readAt: z.iso.datetime({ offset: true }),
  })
  .strict()
  .meta({ id: 'NotificationReadRecord' });
export type NotificationReadRecord = z.infer<typeof notificationReadRecord>;

export const notificationReads = z
  .object({ records: z.array(notificationReadRecord).max(notificationReadsKept) })
  .strict()
  .meta({ id: 'NotificationReads' });
export type NotificationReads = z.infer<typeof notificationReads>;

/** Spec §3 Notification item types: content from notificationsCollection, bonus and freespin from the bonus engine. */
export const notificationTypes = ['content', 'bonus', 'freespin'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** A notification as the list shows it (spec §3 Notification item). */
export interface NotificationItem {
  type: NotificationType;
  slug: string;
  /** ISO 8601. */
  createdAt: string;
  read: boolean;
  /** A modal of the modal registry the item opens (e.g. Prize), else it opens its page. */
  modal?: string | undefined;
  preview: { title: string; text: string; image?: string | undefined };
  /** The full text (content notifications), HTML from the content store. */
  bodyHtml?: string | null | undefined;
}

/** What a browser's PushSubscription.toJSON() gives (W3C Push API), as the browser sends it. */
export const pushSubscription = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        /** The browser's P-256 public key, uncompressed point, base64url (65 bytes → 87 characters). */
        p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
        /** The 16-byte authentication secret, base64url. */
        auth: z.string().regex(/^[A-Za-z0-9_-]{21,24}={0,2}$/),
      })
      .strict(),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionInput = z.infer<typeof pushSubscription>;

export const pushUnsubscription = z
  .object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) })
  .meta({ id: 'PushUnsubscription' });

export const pushKey = z.object({ publicKey: z.string() }).meta({ id: 'PushKey' });

export const pushSubscriptionStored = z
  .object({ subscribed: z.literal(true) })
  .meta({ id: 'PushSubscribed' });
export const pushSubscriptionRemoved = z
  .object({ subscribed: z.literal(false) })
  .meta({ id: 'PushUnsubscribed' });

/**
 * What a push carries, encrypted to the browser (RFC 8291) and shown by the service worker: the title
 * and text in the player's language, and the path on this site the notification opens.
 */
export const pushMessage = z
  .object({
    title: z.string().min(1).max(120),
    body: z.string().max(400),
    /** A path on this site (`/el/profile/wallet/transactions`); the service worker opens nothing else. */
    url: z.string().regex(/^\/(?!\/)[^\s]*$/),
    /** Notifications with one tag replace each other on the device. */
    tag: z.string().max(64),
    kind: z.enum(['transactional', 'promotional']),
  })
  .strict();
export type PushMessage = z.infer<typeof pushMessage>;

const tags = ['notifications'];

/** The notifications centre's and web push's endpoints of the player API (paths listed at the top). */
export const notificationsApi = {
  readRecords: endpoint({
    method: 'GET',
    path: '/player/notification_reads',
    tags,
    summary: "The player's read notifications (slug, createdAt, time read), newest first, at most 100",
    responses: { 200: notificationReads, 401: errorBody },
  }),
  addReadRecords: endpoint({
    method: 'POST',
    path: '/player/notification_reads',
    tags,
    summary: 'Records notifications as read (from any device); answers every read record kept',
    body: notificationReads,
    responses: { 200: notificationReads, 401: errorBody, 422: errorBody },
  }),
  pushKey: endpoint({
    method: 'GET',
    path: '/player/push_subscriptions/key',
    tags,
    summary: 'The VAPID public key (applicationServerKey) browsers subscribe with',
    responses: { 200: pushKey, 401: errorBody },
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/player/push_subscriptions',
    tags,
    summary: "Stores this browser's push subscription for the signed-in player",
    body: pushSubscription,
    responses: { 201: pushSubscriptionStored, 401: errorBody, 422: errorBody },
  }),
  unsubscribePush: endpoint({
    method: 'DELETE',
    path: '/player/push_subscriptions',
    tags,
    summary: "Forgets this browser's push subscription",
    body: pushUnsubscription,
    responses: { 200: pushSubscriptionRemoved, 401: errorBody, 422: errorBody },
  }),
};
