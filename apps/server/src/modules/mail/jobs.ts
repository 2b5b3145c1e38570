import type { FastifyInstance } from 'fastify';
import type { Mailer } from './mailer.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Sends one email, enqueued with the row that stores it. */
    'mail.deliver': { emailId: string };
    /** Sends what is still unsent (a mail server that was away, a process that stopped mid-send). */
    'mail.retry': Record<string, never>;
  }
}

/** The mail module's jobs: each new email at once, and every minute whatever is still unsent. */
export function defineMailJobs(app: FastifyInstance, mailer: Mailer): void {
  // A failed send is recorded on the row and left to the minute's retry, not retried by the queue.
  app.jobs.define('mail.deliver', ({ emailId }) => mailer.deliver(emailId), { retryLimit: 0 });
  app.jobs.define('mail.retry', () => mailer.flush(), { retryLimit: 0 });
  app.jobs.schedule('mail.retry', '* * * * *');
}
