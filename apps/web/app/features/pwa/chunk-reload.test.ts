import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload';

/** A tab's session storage and address, as the browser gives them. */
function browserTab() {
  const stored = new Map<string, string>();
  const assign = vi.fn();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal('window', { location: { assign } });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reload after a missing chunk (spec §8, §9 reload guard 10 s)', () => {
  it('reloads to the wanted page at most once in 10 seconds', () => {
    const assign = browserTab();
    const at = 1_700_000_000_000;
    expect(reloadAfterChunkError('/el/faq', at)).toBe(true);
    expect(assign).toHaveBeenLastCalledWith('/el/faq');
    expect(reloadAfterChunkError('/el/faq', at + 9_999)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkError('/games/all', at + 10_000)).toBe(true);
    expect(assign).toHaveBeenLastCalledWith('/games/all');
  });

  it('knows a chunk or stylesheet that failed to load from other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/y.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
  });
});
