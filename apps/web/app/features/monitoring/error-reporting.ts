import { browserTracingIntegration, captureException, init } from '@sentry/react';
import type { BrowserErrorReporting } from '#app-context';
import { reportCaughtErrorsWith } from './caught-errors';

/*
 * Sentry's browser SDK (docs/decisions/0037). root.tsx imports this module only after hydration and
 * only when the server gave a DSN, so it is a chunk of its own that no first load preloads.
 */

const emailAddress = /[\w.%+-]+@[\w-]+(\.[\w-]+)+/g;
/** The query of an address or a path: a password reset's or a confirmation's token travels there. */
const query = /((?:\b[a-z][\w+.-]*:\/\/|\/)[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;

const scrubText = (text: string) => text.replace(emailAddress, '[email]').replace(query, '$1?[Filtered]');

/** Every string of a report without emails and query strings: page addresses, breadcrumbs, messages. */
function scrub<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)])) as T;
}

let started = false;

/** Starts the SDK once per page life (the root loader's data comes again on every navigation). */
export function startErrorReporting(settings: BrowserErrorReporting): void {
  if (started) return;
  started = true;
  const tracing = settings.tracesSampleRate > 0;
  init({
    dsn: settings.dsn,
    environment: settings.environment,
    ...(settings.release ? { release: settings.release } : {}),
    // Spec §9: a tenth of page loads traced; no tracing code at all when the rate is 0.
    ...(tracing ? { tracesSampleRate: settings.tracesSampleRate } : {}),
    integrations: tracing ? [browserTracingIntegration()] : [],
    // Spec §9: session replay 0 %. The replay integration is not even added, so not even bundled.
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
    // No personal data: no user or IP, cookies, headers, bodies or query strings (v11's successor of
    // sendDefaultPii: false); `scrub` takes emails and queries out of whatever remains.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend(event) {
      delete event.user;
      if (event.request?.headers) delete event.request.headers.Referer;
      return scrub(event);
    },
    beforeSendSpan: (span) => ({ ...span, name: scrubText(span.name), attributes: scrub(span.attributes) }),
  });
  reportCaughtErrorsWith((error) => captureException(error));
}
