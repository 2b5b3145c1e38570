import { notificationsApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer } from '../../platform/http-session.ts';
import type { PushEndpointPolicy } from './push-endpoints.ts';
import { addReadRecords, readRecords } from './read-records.ts';
import { removePushSubscription, storePushSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** The notifications centre's read records and the web push subscriptions (@chrysos/contract notificationsApi). */
export function notificationRoutes(options: {
  keys: () => VapidKeys;
  policy: PushEndpointPolicy;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const db = app.database.db;

    app.route({
      ...routeOf(notificationsApi.readRecords),
      handler: async (request) => ({ records: await readRecords(db, await requirePlayer(request)) }),
    });

    app.route({
      ...routeOf(notificationsApi.addReadRecords),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        return { records: await addReadRecords(db, playerId, request.body.records, app.clock.now()) };
      },
    });

    app.route({
      ...routeOf(notificationsApi.pushKey),
      handler: async (request) => {
        await requirePlayer(request);
        return { publicKey: options.keys().publicKey };
      },
    });

    app.route({
      ...routeOf(notificationsApi.subscribePush),
      handler: async (request, reply) => {
        const playerId = await requirePlayer(request);
        await storePushSubscription(db, playerId, request.body, options.policy);
        return reply.code(201).send({ subscribed: true as const });
      },
    });

    app.route({
      ...routeOf(notificationsApi.unsubscribePush),
      handler: async (request) => {
        const playerId = await requirePlayer(request);
        await removePushSubscription(db, playerId, request.body.endpoint);
        return { subscribed: false as const };
      },
    });
  };
}
