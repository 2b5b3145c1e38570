/**
 * After a deploy, a page loaded before it asks for chunks that no longer exist. Spec §8: such a chunk
 * or "Unable to preload CSS" error reloads the page at the path the visitor wanted, at most once per
 * 10 seconds so a real outage cannot cause a reload loop.
 */
const guardKey = 'chrysos:chunk-reload-at';
const guardMs = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/** Reloads to `path` unless a reload happened within the guard window; returns whether it reloads. */
export function reloadAfterChunkError(path: string, now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(guardKey) ?? 0);
  if (now - last < guardMs) return false;
  sessionStorage.setItem(guardKey, String(now));
  window.location.assign(path);
  return true;
}
