import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

const writeKey = z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, 'expected 8 to 200 letters, digits, _ or -');

/** The analytics module's settings: its sources' write keys and the optional forwarding to Segment. */
export const analyticsSettings = z.object({
  /**
   * The browser source's write key. It is public (every page carries it), so it names the source
   * rather than guarding it; the default serves the embedded demo.
   */
  ANALYTICS_WRITE_KEY: writeKey.default('chrysos-web-source'),
  /**
   * A back-end source's write key (an @segment/analytics-node client of the operator's own services):
   * secret, compared in constant time. Its events are never rate-limited. Unset, there is no such source.
   */
  ANALYTICS_SERVER_WRITE_KEY: z.string().min(24, 'expected at least 24 characters').optional(),
  /**
   * Every stored event is forwarded to a Segment-compatible destination with this write key
   * (@segment/analytics-node). Unset, events stay in the product.
   */
  ANALYTICS_FORWARD_WRITE_KEY: z.string().min(1).optional(),
  /** The destination's host; Segment's EU host when forwarding is configured (spec §9). */
  ANALYTICS_FORWARD_HOST: z.url({ protocol: /^https?$/ }).default('https://events.eu1.segmentapis.com'),
});

export type AnalyticsConfig = z.output<typeof analyticsSettings>;

declare module '../../platform/config.ts' {
  interface Config extends AnalyticsConfig {}
}

export const analyticsConfig: ConfigSection<typeof analyticsSettings> = {
  settings: analyticsSettings,
  secrets: ['ANALYTICS_SERVER_WRITE_KEY', 'ANALYTICS_FORWARD_WRITE_KEY'],
  refine(config, ctx) {
    if (
      config.ANALYTICS_SERVER_WRITE_KEY &&
      config.ANALYTICS_SERVER_WRITE_KEY === config.ANALYTICS_WRITE_KEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANALYTICS_SERVER_WRITE_KEY'],
        message: 'must differ from ANALYTICS_WRITE_KEY, which every page shows',
      });
    }
  },
};
