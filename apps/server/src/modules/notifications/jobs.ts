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
  // Retried with back-off (10 s, 20 s, 40 s …) while the push service is busy or away.
  app.jobs.define(
    'notifications.push',
    ({ subscriptionId, message }) => sendPush(deps, subscriptionId, message),
    {
      retryLimit: 5,
      retryDelaySeconds: 10,
      expireInSeconds: 60,
      concurrency: 4,
    },
  );
  app.jobs.define('notifications.announce', () => announceContentNotifications(app.database.db, app.events), {
    retryLimit: 0,
  });
  app.jobs.schedule('notifications.announce', '* * * * *');
}
