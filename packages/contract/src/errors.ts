import { z } from 'zod';

/**
 * Every error the API returns: field or cause name → human-readable messages.
 * `{"errors":{"email":["Must be a valid email"]}}`
 */
export const errorBody = z
  .object({ errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ErrorBody', description: 'Errors keyed by the field or cause they concern' });
export type ErrorBody = z.infer<typeof errorBody>;
