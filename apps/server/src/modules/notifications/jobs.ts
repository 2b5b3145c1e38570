import type { PushMessage } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import { announceContentNotifications } from './announce.ts';
import { type SendPushDeps, sendPush } from './send-push.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** One push to one browser subscription, enqueued by the notifications.pushes event handler. */
    'notifications.push': { subscriptionId: string; message: PushMessage };
    /** Announces content notifications whose time has come (at start and every minute). */
    'notifications.announce': Record<string, never>;
  }
}

export function defineNotificationJobs(app: FastifyInstance, deps: SendPushDeps): void {
  // Retried with back-off (5 s, 10 s, 20 s … about 20 minutes in all) while the push service is busy or
  // away; a retry waits for its time, so the worker looks every 5 s rather than pg-boss's 30.
  app.jobs.define(
    'notifications.push',
    ({ subscriptionId, message }) => sendPush(deps, subscriptionId, message),
    { retryLimit: 8, retryDelaySeconds: 5, expireInSeconds: 60, concurrency: 4, pollingSeconds: 5 },
  );
  app.jobs.define(
    'notifications.announce',
    () => announceContentNotifications(app.database.db, app, app.clock.now()),
    {
      retryLimit: 0,
    },
  );
  app.jobs.schedule('notifications.announce', '* * * * *');
}
