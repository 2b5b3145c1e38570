import type {
  ChannelPositions,
  ContentCollection,
  ContentItem,
  LicenseName,
  Player,
  VisibilitySettingsInput,
} from '@chrysos/contract';
import type { Client } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { createContext } from 'react-router';

/** Content reads for the current visitor: visibility rules are already applied. */
export interface ContentReader {
  list<C extends ContentCollection>(collection: C, locale: Locale): ContentItem<C>[];
  first<C extends ContentCollection>(collection: C, locale: Locale): ContentItem<C> | undefined;
  bySlug<C extends ContentCollection>(
    collection: C,
    locale: Locale,
    slug: string,
  ): ContentItem<C> | undefined;
  /** For lists nested inside an item (logo variants, header links): whether this visitor may see an entry. */
  isVisible(settings: VisibilitySettingsInput | undefined): boolean;
}

/**
 * Sentry's browser SDK settings, the public part of SENTRY_DSN's (decision 37): the page loads the
 * SDK after hydration, so a first load's scripts carry none of it.
 */
export interface BrowserErrorReporting {
  /** The DSN without any secret key: public key, host and project. */
  dsn: string;
  environment: string;
  release: string | null;
  /** Share of page loads and navigations traced, 0 to 1 (spec §9: 10 %). */
  tracesSampleRate: number;
}

/**
 * What the server hands to loaders and middleware for each request. Server and route modules both
 * import this module through `#app-context` / `@chrysos/web/app-context`, so they share one token.
 */
export interface AppContext {
  license: LicenseName;
  /** Minutes between reality checks for a signed-in player under this licence and configuration; null: none. */
  realityCheckMinutes: number | null;
  clientIp: string;
  countryCode: string | null;
  /** The visitor's country is on the blocked list and the visitor is not a search or preview bot. */
  blocked: boolean;
  /**
   * Deposits happen on /profile/wallet/deposit rather than in the cashier window: the signed-in
   * player's country (else the visitor's, by IP) is on the CASHIER_DISABLED_COUNTRIES list.
   */
  cashierDisabled: boolean;
  isBot: boolean;
  supportEmail: string;
  mobileAppDomains: string[];
  /** The iOS app's App Store page (IOS_APP_STORE_URL), where the IosAppReviews modal leads; null: none. */
  iosAppStoreUrl: string | null;
  /** Error reporting in the browser when SENTRY_DSN is set; null: none, and the SDK is never loaded. */
  errorReporting: BrowserErrorReporting | null;
  /** The browser analytics source's write key (public), for @segment/analytics-next once a visitor agrees. */
  analyticsWriteKey: string;
  /** Origin used for canonical and alternate links, e.g. https://chrysos.casino. */
  origin: string;
  /**
   * This page's Content-Security-Policy nonce: an inline script runs only when it carries it
   * (entry.server.tsx hands it to React Router and React).
   */
  scriptNonce: string;
  content: ContentReader;
  /** The signed-in player, or null for a visitor. */
  player: Player | null;
  /**
   * For a visitor whose session was just ended by their session-time limit (the cookie still names it):
   * the limit's minutes, so whichever page they land on says why; else null.
   */
  sessionEndedAtLimit: number | null;
  /**
   * For a signed-in player, where their realtime channels stood before this request read anything: the
   * page's subscriptions recover from there (RealtimeProvider). Null for a visitor, or when the streams
   * are an operator's Centrifugo's.
   */
  realtimeSince: ChannelPositions | null;
  /**
   * For a signed-in player who has not accepted the privacy policy in force: its version (the
   * `utcDateTime` of its privacyPolicyUpdate item); else null.
   */
  privacyPolicyToAccept: string | null;
  /**
   * The contract's client, answered in-process as this request's visitor (their session, country and
   * language), so a page is rendered from exactly what the browser would get from /api (decision 9):
   * `await app.api(endpoints.games.providers, {})`.
   */
  api: Client;
  /**
   * Hands the server an error that broke this page's loaders or render (entry.server.tsx): reported as a
   * fault of ours (Sentry, decision 37) if the answer is a 5xx, never when the page answered 4xx.
   */
  reportFault(error: unknown): void;
}

export const appContext = createContext<AppContext>();
