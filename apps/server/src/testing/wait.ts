import { vi } from 'vitest';

/**
 * How long a wait may last before it fails. A ceiling, not a budget: a test waits for a state and goes
 * on the moment it holds, so a green run takes no longer for it. The ceiling only ends a wait that would
 * never succeed, and a full run on two loaded cores (CI's slower runs took 35 minutes) needs a minute
 * where a quiet machine needs a second. A test names what it waits for, never how long.
 */
export const patience = 60_000;

/** Waits until `callback` stops throwing (or its promise resolves), polling as `vi.waitFor` does. */
export function waitUntil<T>(
  callback: () => T | Promise<T>,
  options: { interval?: number } = {},
): Promise<T> {
  return vi.waitFor(callback, { timeout: patience, ...options });
}
