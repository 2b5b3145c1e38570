import type { FastifyInstance } from 'fastify';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** The in-house studio's recovery pass: rounds a crash or an unreachable wallet left open. */
    'studio.recovery': Record<string, never>;
  }
}

/** The games module's jobs: the studio's recovery pass, at start and every `everySeconds`. */
export function defineStudioJobs(
  app: FastifyInstance,
  recover: () => Promise<unknown>,
  everySeconds: number,
): void {
  // A pass that fails is logged by the studio; the next one tries again.
  app.jobs.define('studio.recovery', async () => void (await recover()), { retryLimit: 0 });
  app.jobs.every('studio.recovery', everySeconds);
}
