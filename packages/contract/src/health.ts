import { z } from 'zod';

export const health = z.object({ status: z.literal('ok') });
export const readiness = z.object({
  /** `draining`: the instance is stopping (SIGTERM) and asks the balancer to send it nothing new. */
  status: z.enum(['ok', 'unavailable', 'draining']),
  database: z.enum(['up', 'down']),
});
