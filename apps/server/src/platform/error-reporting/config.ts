import type { BrowserErrorReporting } from '@chrysos/web/app-context';
import { z } from 'zod';
import type { Config, ConfigSection } from '../config.ts';

/**
 * A Sentry DSN: `https://<public key>@<host>/<project id>` (a path before the project id for a
 * self-hosted Sentry under a prefix). Read once here, so the SDKs, the page and the CSP agree on it.
 */
const sentryDsn = z
  .url({ protocol: /^https?$/, error: 'expected a Sentry DSN such as https://<key>@o1.ingest.sentry.io/2' })
  .refine((value) => {
    const url = new URL(value);
    return url.username !== '' && /\/\d+$/.test(url.pathname);
  }, 'expected a Sentry DSN such as https://<key>@o1.ingest.sentry.io/2 (a public key and a project id)');

/** Error reporting with Sentry's SDKs (spec §9, ARCHITECTURE.md "Operating it"): off unless a DSN is set. */
export const errorReportingSettings = z.object({
  /**
   * Where the server and the players' browsers send errors. Unset, neither SDK is loaded: nothing is
   * sent and nothing is measured. The page is given only its public key, project and host.
   */
  SENTRY_DSN: sentryDsn.optional(),
  /** The `environment` of every event (production, staging …); default NODE_ENV. */
  SENTRY_ENVIRONMENT: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'expected a name such as production or staging')
    .optional(),
  /** The `release` of every event, e.g. the image tag or commit; unset, Sentry's own guess (SENTRY_RELEASE). */
  SENTRY_RELEASE: z
    .string()
    .regex(/^[\w.@+:/-]{1,200}$/, 'expected a release name such as chrysos@1.4.0 or a commit')
    .optional(),
  /**
   * Share of the server's requests traced, 0 to 1. Default 0, errors only, with no tracing set up at all:
   * at the spec's 10 % the server answered a third of its requests (docs/decisions/0037), far past the 5 %
   * the issue allows. Set it to trace all the same.
   */
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  /**
   * Share of page loads traced in players' browsers, 0 to 1: spec §9's 10 %, which costs the server
   * nothing (the SDK loads after hydration). 0: no tracing code in the browser.
   */
  SENTRY_BROWSER_TRACES_RATE: z.coerce.number().min(0).max(1).default(0.1),
});

export type ErrorReportingConfig = z.output<typeof errorReportingSettings>;

declare module '../config.ts' {
  interface Config extends ErrorReportingConfig {}
}

export const errorReportingConfig: ConfigSection<typeof errorReportingSettings> = {
  settings: errorReportingSettings,
  secrets: ['SENTRY_DSN'],
};

/**
 * The DSN a browser may have: the public key, host and project only. A DSN of the old form
 * (`https://key:secret@…`) also carries a secret key, which never goes into a page.
 */
export function publicDsnOf(dsn: string): string {
  const url = new URL(dsn);
  return `${url.protocol}//${url.username}@${url.host}${url.pathname}`;
}

/** What a page is told of error reporting: the public DSN and the SDK's settings, or null while it is off. */
export function browserErrorReporting(
  config: Pick<
    Config,
    'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'SENTRY_RELEASE' | 'SENTRY_BROWSER_TRACES_RATE' | 'NODE_ENV'
  >,
): BrowserErrorReporting | null {
  if (!config.SENTRY_DSN) return null;
  return {
    dsn: publicDsnOf(config.SENTRY_DSN),
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    release: config.SENTRY_RELEASE ?? null,
    tracesSampleRate: config.SENTRY_BROWSER_TRACES_RATE,
  };
}

/** The origin envelopes are posted to, which the pages' Content-Security-Policy must let them reach. */
export const ingestOriginOf = (dsn: string | undefined): string[] => (dsn ? [new URL(dsn).origin] : []);
