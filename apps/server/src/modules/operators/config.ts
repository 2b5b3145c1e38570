import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The operators' sessions: how long one lasts idle, and at most. */
export const operatorSettings = z.object({
  /** An operator's session ends after this many minutes without a request (a console left open). */
  OPERATOR_IDLE_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  /** And after this many hours whatever happens: a working day. */
  OPERATOR_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(12),
});

export type OperatorConfig = z.output<typeof operatorSettings>;

declare module '../../platform/config.ts' {
  interface Config extends OperatorConfig {}
}

export const operatorConfig: ConfigSection<typeof operatorSettings> = {
  settings: operatorSettings,
  secrets: [],
};
