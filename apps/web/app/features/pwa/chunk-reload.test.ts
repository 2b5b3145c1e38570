import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleChunkErrors,
  isChunkLoadError,
  reloadAfterChunkError,
  reloadOnChunkError,
} from './chunk-reload';

/**
 * A tab's session storage, address, events and router, as the browser gives them: on `at`, with a
 * navigation to `going` under way when given.
 */
function browserTab(at: string, going?: string) {
  const stored = new Map<string, string>();
  const assign = vi.fn();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  const here = new URL(at, 'https://casino.example');
  const tab = Object.assign(new EventTarget(), {
    location: { pathname: here.pathname, search: here.search, hash: here.hash, assign },
    navigation: new EventTarget(),
    __reactRouterDataRouter: {
      state: {
        navigation: going
          ? { state: 'loading', location: { pathname: going, search: '', hash: '' } }
          : { state: 'idle', location: undefined },
      },
    },
  });
  vi.stubGlobal('window', tab);
  return { tab, assign };
}

/** A cancelable event of the Navigation API, as the browser fires it for `location.reload()`. */
function reloadEvent() {
  return Object.assign(new Event('navigate', { cancelable: true }), { navigationType: 'reload' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reload after a missing chunk (spec §8, §9 reload guard 10 s)', () => {
  it('reloads to the wanted page at most once in 10 seconds', () => {
    const { assign } = browserTab('/');
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

  it('reloads to the target of the navigation under way, not the page being left (issue 31 item 12)', () => {
    const { assign } = browserTab('/games/all?sort=new', '/promotions');
    expect(
      reloadOnChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/p.js')),
    ).toBe(true);
    expect(assign).toHaveBeenCalledWith('/promotions');
  });

  it('reloads to the page itself when no navigation is under way', () => {
    const { assign } = browserTab('/el/faq?q=1#top');
    expect(reloadOnChunkError(new Error('Unable to preload CSS for /assets/faq.css'))).toBe(true);
    expect(assign).toHaveBeenCalledWith('/el/faq?q=1#top');
    expect(reloadOnChunkError(new Error('Network request failed'))).toBe(false);
  });

  it('sends "Unable to preload CSS" met on the way to a page to that page', () => {
    const { tab, assign } = browserTab('/', '/el/promotions');
    handleChunkErrors(tab as unknown as Window);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Unable to preload CSS for /assets/promotions.css'),
    });
    tab.dispatchEvent(event);
    expect(assign).toHaveBeenCalledWith('/el/promotions');
    expect(event.defaultPrevented).toBe(true);
  });

  it("turns React Router's reload after a route module failed to load into the target page", () => {
    const { tab, assign } = browserTab('/', '/promotions');
    handleChunkErrors(tab as unknown as Window);
    const reload = reloadEvent();
    tab.navigation.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('/promotions');

    // A reload with no navigation under way (the visitor's own) is left alone.
    const idle = browserTab('/faq');
    handleChunkErrors(idle.tab as unknown as Window);
    const own = reloadEvent();
    idle.tab.navigation.dispatchEvent(own);
    expect(own.defaultPrevented).toBe(false);
    expect(idle.assign).not.toHaveBeenCalled();
  });
});
