import {
  errorBody,
  notificationReads,
  pushKey,
  pushSubscription,
  pushSubscriptionRemoved,
  pushSubscriptionStored,
  pushUnsubscription,
} from '@chrysos/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer } from '../auth/public.ts';
import type { PushEndpointPolicy } from './push-endpoints.ts';
import { addReadRecords, readRecords } from './read-records.ts';
import { removePushSubscription, storePushSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

const tags = ['notifications'];

/** The notifications centre's read records and the web push subscriptions (paths in @chrysos/contract notifications.ts). */
export function notificationRoutes(options: {
  keys: () => VapidKeys;
  policy: PushEndpointPolicy;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;

    app.get(
      '/player/notification_reads',
      {
        schema: {
          tags,
          summary: "The player's read notifications (slug, createdAt, time read), newest first, at most 100",
          response: { 200: notificationReads, 401: errorBody },
        },
      },
      async (request) => ({ records: await readRecords(db, await requirePlayer(request)) }),
    );

    app.post(
      '/player/notification_reads',
      {
        schema: {
          tags,
          summary: 'Records notifications as read (from any device); answers every read record kept',
          body: notificationReads,
          response: { 200: notificationReads, 401: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        const playerId = await requirePlayer(request);
        return { records: await addReadRecords(db, playerId, request.body.records) };
      },
    );

    app.get(
      '/player/push_subscriptions/key',
      {
        schema: {
          tags,
          summary: 'The VAPID public key (applicationServerKey) browsers subscribe with',
          response: { 200: pushKey, 401: errorBody },
        },
      },
      async (request) => {
        await requirePlayer(request);
        return { publicKey: options.keys().publicKey };
      },
    );

    app.post(
      '/player/push_subscriptions',
      {
        schema: {
          tags,
          summary: "Stores this browser's push subscription for the signed-in player",
          body: pushSubscription,
          response: { 201: pushSubscriptionStored, 401: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const playerId = await requirePlayer(request);
        await storePushSubscription(db, playerId, request.body, options.policy);
        return reply.code(201).send({ subscribed: true as const });
      },
    );

    app.delete(
      '/player/push_subscriptions',
      {
        schema: {
          tags,
          summary: "Forgets this browser's push subscription",
          body: pushUnsubscription,
          response: { 200: pushSubscriptionRemoved, 401: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        const playerId = await requirePlayer(request);
        await removePushSubscription(db, playerId, request.body.endpoint);
        return { subscribed: false as const };
      },
    );
  };
}
