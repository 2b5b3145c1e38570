import { vi } from 'vitest';

/**
 * Waits until `callback` stops throwing (or its promise resolves), polling as `vi.waitFor` does, with a
 * ceiling fit for a full run: vitest's 1 s default ran out on the 2-core machine while handlers were
 * still catching up, failing tests whose code was right. A test that waits for a state names what it
 * waits for; the ceiling only ends a wait that would never succeed.
 */
export function waitUntil<T>(
  callback: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(callback, { timeout: 15_000, ...options });
}
