/**
 * Web storage that never throws: private browsing, a full quota, blocked cookies and the server all
 * read as empty and ignore writes. Values are JSON under keys prefixed `chrysos.`.
 */
export type StorageKind = 'local' | 'session';

export function browserStorage(kind: StorageKind = 'local'): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson(key: string, storage: Storage | null = browserStorage()): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the feature simply has no memory on this device.
  }
}

export function removeKey(key: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}
