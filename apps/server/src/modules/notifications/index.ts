import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { queuePushes } from './handlers/queue-pushes.ts';
import { defineNotificationJobs } from './jobs.ts';
import type { PushEndpointPolicy } from './push-endpoints.ts';
import { notificationRoutes } from './routes.ts';
import { loadVapidKeys } from './vapid-keys.ts';
// The event this module publishes (declared by declaration merging into platform/events.ts).
import './events.ts';

/**
 * The notifications centre (read records per player, so a second device agrees) and web push (spec §6):
 * browser subscriptions, pushes sent by jobs from domain events, content notifications announced once.
 */
async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  // Read before any job can run: a push left queued by a previous run is signed with them.
  const keys = await loadVapidKeys(app.database.db, {
    VAPID_PUBLIC_KEY: app.config.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: app.config.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: app.config.VAPID_SUBJECT ?? `mailto:${app.config.SUPPORT_EMAIL}`,
  });
  const currentKeys = () => keys;
  const policy: PushEndpointPolicy = {
    hosts: app.config.PUSH_SERVICE_HOSTS,
    loopback: app.config.PUSH_LOOPBACK_SERVICE,
  };
  await app.register(apiScope(notificationRoutes({ keys: currentKeys, policy })));
  defineNotificationJobs(app, { db: app.database.db, keys: currentKeys, policy, log: app.log });
  app.events.register(app, [queuePushes]);
  app.addHook('onReady', async () => {
    await app.jobs.send('notifications.announce', {}, { singletonKey: 'notifications.announce' });
  });
}

export default fp(notificationsPlugin, {
  name: 'notifications',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'jobs',
    'events',
    'content',
    'cashier',
    'clock',
    'compliance',
  ],
});
