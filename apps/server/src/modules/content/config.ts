import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type ConfigSection, commaList } from '../../platform/config.ts';

/** The content module's settings: the content collections and what the page context tells the web app. */
export const contentSettings = z.object({
  CONTENT_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../../../content', import.meta.url))),
  /** ISO 3166-1 alpha-2 codes of countries whose visitors get the 403 block page. */
  BLOCKED_COUNTRIES: commaList(
    'upper',
    z.string().regex(/^[A-Z]{2}$/, 'expected comma-separated ISO country codes such as US,FR'),
  ).default([]),
  /** Host names of the native apps' web views, where the iOS webview guard stays quiet. */
  MOBILE_APP_DOMAINS: commaList('lower').default([]),
  /** The iOS app's App Store page, where the IosAppReviews modal asks for a review (spec §2 Modals). */
  IOS_APP_STORE_URL: z.url({ protocol: /^https$/ }).optional(),
});

export type ContentConfig = z.output<typeof contentSettings>;

declare module '../../platform/config.ts' {
  interface Config extends ContentConfig {}
}

export const contentConfig: ConfigSection<typeof contentSettings> = { settings: contentSettings };
