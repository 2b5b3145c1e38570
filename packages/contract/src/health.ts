import { z } from 'zod';

export const health = z.object({ status: z.literal('ok') });
export const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
