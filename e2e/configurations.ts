/**
 * The configurations the browser specs share a running product of: one product per configuration
 * per run (global-setup.ts starts each on first use), and every spec makes its own players, so sharing
 * one never shares state. A spec whose subject is the start itself (start, processes, a restart, two
 * instances, an OpenID provider that must know the product's port) still starts its own.
 */

/** The back office's credential for the operator API, in every configuration that opens it. */
export const operatorToken = 'e2e-operator-token-0123456789abcdef';

/** Where the iOS app's review prompt leads (IOS_APP_STORE_URL of the standard product). */
export const appStoreUrl = 'https://apps.apple.com/app/chrysos-casino/id6740000001?action=write-review';

export interface Configuration {
  env: Record<string, string>;
  /** Delivers its email to an SMTP server of the run, which specs read through the registry. */
  mailbox?: boolean;
  /**
   * Lent to one spec file at a time (spec files run two at once): a spec that moves the product clock
   * would move it under another spec's feet.
   */
  oneSpecAtATime?: boolean;
}

export const configurations = {
  /**
   * The product most specs use: its settings only add (a route rule, a blocked country, an operator
   * API, a test jackpot drop, an App Store link, other public origins) and change nothing a spec
   * without them sees.
   */
  standard: {
    env: {
      // Visitors the CDN places in the US are blocked; /vip is a configured route rule.
      BLOCKED_COUNTRIES: 'US',
      GEOIP_COUNTRY_HEADER: 'CF-IPCountry',
      ROUTE_RULES: '{"/vip":"/promotions"}',
      OPERATOR_API_TOKEN: operatorToken,
      JACKPOT_TEST_DROP: 'on',
      IOS_APP_STORE_URL: appStoreUrl,
      // Only Host headers naming these origins are linked to them; the specs' own is PUBLIC_URL.
      PUBLIC_URLS: 'https://chrysos.casino,https://chrysos.gr:8443',
      // The wallet's players of Malta deposit on the wallet page, not in the cashier window.
      CASHIER_DISABLED_COUNTRIES: 'MT',
      // A withdrawal above EUR 500 needs two operators' approvals (backoffice.e2e.ts).
      WITHDRAWAL_FOUR_EYES_ABOVE: '{"EUR":50000}',
    },
    mailbox: true,
  },
  /**
   * The product clock can be moved (TEST_CLOCK): it only goes forward, so a spec reads the product's
   * time and moves it relative to that, whatever other specs did before; one spec at a time.
   */
  clock: { env: { TEST_CLOCK: 'on', OPERATOR_API_TOKEN: operatorToken }, oneSpecAtATime: true },
  /** Estonia's licence: its reality check and its words. */
  estonia: { env: { LICENSE: 'estonia' } },
  /** Malta's licence: the offer of limits before a first deposit. */
  malta: { env: { LICENSE: 'malta' } },
  /** The UK Gambling Commission's licence: no autoplay, 2.5 s between a player's rounds (RTS 14). */
  ukgc: { env: { LICENSE: 'ukgc' } },
  /** A captcha on every sign-up, and only one email domain that may register. */
  registrationPolicies: { env: { CAPTCHA_ON_SIGN_UP: 'true', ALLOWED_EMAIL_DOMAINS: 'example.gr' } },
  /** Demo mode: seeded demo content and the development mailbox page. */
  demo: { env: { DEMO_MODE: 'true' } },
} satisfies Record<string, Configuration>;

export type ConfigurationName = keyof typeof configurations;
