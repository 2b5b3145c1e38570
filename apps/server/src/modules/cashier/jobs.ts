import type { FastifyInstance } from 'fastify';
import type { SandboxPsp } from './sandbox/sandbox-psp.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** One webhook the sandbox PSP owes the casino (a settled payment, a payout the bank answered). */
    'sandbox-psp.deliver': { operationId: string };
    /** Webhooks owed whose job was lost, every minute. */
    'sandbox-psp.sweep': Record<string, never>;
  }
}

/** The cashier's jobs: the sandbox PSP's webhooks, each retried with back-off as a PSP retries them. */
export function defineCashierJobs(app: FastifyInstance, psp: SandboxPsp): void {
  app.jobs.define('sandbox-psp.deliver', ({ operationId }) => psp.deliverOne(operationId), {
    // 1, 2, 4 … s apart: twelve attempts over about an hour, then the webhook is given up.
    retryLimit: 11,
    retryDelaySeconds: 1,
    // A payout's webhook waits a second (the bank transfer) and retries wait their turn: looked for twice a second.
    pollingSeconds: 0.5,
    concurrency: 4,
  });
  app.jobs.define('sandbox-psp.sweep', () => psp.deliverDue(), { retryLimit: 0 });
  app.jobs.schedule('sandbox-psp.sweep', '* * * * *');
}
