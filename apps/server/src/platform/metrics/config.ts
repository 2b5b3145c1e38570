import { z } from 'zod';
import type { ConfigSection } from '../config.ts';

/** The settings of `/metrics` (Prometheus): who may read it and what this process is called there. */
export const metricsSettings = z.object({
  /**
   * Bearer token Prometheus sends to GET /metrics. Unset, /metrics does not exist (404): what the
   * process measures (players' activity, the wallet's traffic) is never public.
   */
  METRICS_TOKEN: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * This process's name in the `instance` label of every series; default `<hostname>:<pid>`, which tells
   * apart the containers of one image on many hosts. The workers of SERVER_PROCESSES answer a scrape
   * together, summed into one machine (default `<hostname>`).
   */
  METRICS_INSTANCE: z
    .string()
    .regex(/^[\w.:@/-]{1,200}$/, 'expected a name such as app1 or app1:3000')
    .optional(),
});

export type MetricsConfig = z.output<typeof metricsSettings>;

declare module '../config.ts' {
  interface Config extends MetricsConfig {}
}

export const metricsConfig: ConfigSection<typeof metricsSettings> = {
  settings: metricsSettings,
  secrets: ['METRICS_TOKEN'],
};
