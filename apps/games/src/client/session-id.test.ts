import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLightColour, sessionStorageKey, takeSessionId } from './StudioGame.tsx';

function fakeWindow(href: string) {
  const store = new Map<string, string>();
  const replaced: string[] = [];
  vi.stubGlobal('window', {
    location: { href },
    history: {
      state: { key: 'k' },
      replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url),
    },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  });
  return { store, replaced };
}

afterEach(() => vi.unstubAllGlobals());

describe('takeSessionId', () => {
  it('keeps the launch’s session id and takes it out of the visible address', () => {
    const { store, replaced } = fakeWindow(
      'https://casino.test/studio/play/golden-drachma?session=abc123&lang=el#x',
    );
    expect(takeSessionId('golden-drachma')).toBe('abc123');
    expect(store.get(sessionStorageKey('golden-drachma'))).toBe('abc123');
    expect(replaced).toEqual(['/studio/play/golden-drachma?lang=el#x']);
  });

  it('finds the id again after a reload, per title', () => {
    const { store, replaced } = fakeWindow('https://casino.test/studio/play/golden-drachma?lang=en');
    store.set(sessionStorageKey('golden-drachma'), 'kept');
    expect(takeSessionId('golden-drachma')).toBe('kept');
    expect(takeSessionId('hi-lo-dice')).toBeNull();
    expect(replaced).toEqual([]);
  });
});

describe('isLightColour', () => {
  it('tells light theme backgrounds from dark ones', () => {
    expect(isLightColour('#f4f1ea')).toBe(true);
    expect(isLightColour('#e9e4da')).toBe(true);
    expect(isLightColour('#1b2340')).toBe(false);
    expect(isLightColour('#0f4d2e')).toBe(false);
    expect(isLightColour('not a colour')).toBe(false);
  });

  it('puts dark text on a mid-tone accent where it reads better than white', () => {
    // Hi-Lo Dice's violet: white on it is 3.6:1, the dark ink 5.2:1 (WCAG asks 4.5:1).
    expect(isLightColour('#8e7cc3')).toBe(true);
    expect(isLightColour('#d9822b')).toBe(true);
    // A deep red keeps white text (white 6.7:1).
    expect(isLightColour('#a33b2b')).toBe(false);
  });
});
