import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The referral module's settings (composed into the one configuration by modules/config.ts). */
export const referralSettings = z.object({
  /** Affiliate service that turns a referral tag into its target (spec §7 referral processing). */
  REFERRAL_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type ReferralConfig = z.output<typeof referralSettings>;

declare module '../../platform/config.ts' {
  interface Config extends ReferralConfig {}
}

export const referralConfig: ConfigSection<typeof referralSettings> = { settings: referralSettings };
