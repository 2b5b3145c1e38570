import { isChunkLoadError } from '../pwa/chunk-reload';

/**
 * Errors an error boundary caught and showed (ErrorScreen, the root's boundary): React keeps them from
 * the window's error event, so they are handed to Sentry from here once its SDK is loaded
 * (error-reporting.ts), those of the first render (a page the server could not render either) kept
 * until then. Without SENTRY_DSN they go nowhere. This module is on every first load, so it holds
 * nothing of the SDK itself.
 */
let capture: ((error: unknown) => void) | null = null;
const waiting: Error[] = [];

/** Called by error-reporting.ts when the SDK has started: what waited is reported first. */
export function reportCaughtErrorsWith(report: (error: unknown) => void): void {
  capture = report;
  for (const error of waiting.splice(0)) report(error);
}

/**
 * A page that failed to render. A 404 or another answer the server chose is not a fault, nor is a
 * chunk gone after a deploy (the page reloads).
 */
export function reportCaughtError(error: unknown): void {
  if (!(error instanceof Error) || isChunkLoadError(error)) return;
  if (capture) capture(error);
  else if (waiting.length < 5) waiting.push(error);
}
