import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The compliance module's settings (composed into the one configuration by modules/config.ts). */
export const complianceSettings = z.object({
  /**
   * Minutes between reality checks (decision 24). Unset: the licence's own rule (packages/rules
   * licences: every 60 minutes under the Estonian licence, none under the others); set, it turns the
   * check on at this interval under any licence.
   */
  REALITY_CHECK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .optional(),
});

export type ComplianceConfig = z.output<typeof complianceSettings>;

declare module '../../platform/config.ts' {
  interface Config extends ComplianceConfig {}
}

export const complianceConfig: ConfigSection<typeof complianceSettings> = { settings: complianceSettings };
