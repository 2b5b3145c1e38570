import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

const url = z.url({ protocol: /^https?$/ });

/** The affiliate service's addresses (spec §7 tracking pixel; the postbacks affiliate platforms pay on). */
export const affiliatesSettings = z.object({
  /** The tracking pixel: a GET with the player's stored referral tags on registration and first deposit. */
  AFFILIATE_PIXEL_URL: url.optional(),
  /**
   * Server-to-server postbacks: a GET for each registration, first deposit and deposit of a referred
   * player, and each day's net revenue, with the referral tags and the figures in the query.
   */
  AFFILIATE_POSTBACK_URL: url.optional(),
  /** Signs each postback's query (HMAC-SHA256, hex, in `signature`), so the platform can trust it. */
  AFFILIATE_POSTBACK_SECRET: z.string().min(24, 'expected at least 24 characters').optional(),
});

export type AffiliatesConfig = z.output<typeof affiliatesSettings>;

declare module '../../platform/config.ts' {
  interface Config extends AffiliatesConfig {}
}

export const affiliatesConfig: ConfigSection<typeof affiliatesSettings> = {
  settings: affiliatesSettings,
  secrets: ['AFFILIATE_POSTBACK_SECRET'],
};
