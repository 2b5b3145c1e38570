/**
 * After a deploy, a page loaded before it asks for chunks that no longer exist. Spec §8: such a chunk
 * or "Unable to preload CSS" error reloads the page at the path the visitor wanted (the target of the
 * navigation under way, else the page itself), at most once per 10 seconds so a real outage cannot
 * cause a reload loop.
 */
const guardKey = 'chrysos:chunk-reload-at';
const guardMs = 10_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** React Router's router, which HydratedRouter leaves on the window: where a navigation is going. */
interface RouterWindow {
  __reactRouterDataRouter?: { state: { navigation: { location?: Place | undefined } } };
}

function navigationTarget(): Place | null {
  return (window as RouterWindow).__reactRouterDataRouter?.state.navigation.location ?? null;
}

/** The page a reload should open: the navigation's target while one is under way, else this page. */
export function wantedPath(): string {
  const place = navigationTarget() ?? window.location;
  return place.pathname + place.search + place.hash;
}

function reloadAllowed(now: number): boolean {
  return now - Number(sessionStorage.getItem(guardKey) ?? 0) >= guardMs;
}

/** Reloads to `path` unless a reload happened within the guard window; returns whether it reloads. */
export function reloadAfterChunkError(path: string, now = Date.now()): boolean {
  if (!reloadAllowed(now)) return false;
  sessionStorage.setItem(guardKey, String(now));
  window.location.assign(path);
  return true;
}

/** An error an error boundary caught: a missing chunk reloads to the wanted page. */
export function reloadOnChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadAfterChunkError(wantedPath());
}

interface NavigateEvent extends Event {
  navigationType: string;
  cancelable: boolean;
}

/**
 * Chunk errors met outside an error boundary. Vite's `vite:preloadError` (a lazy part's script or
 * stylesheet, "Unable to preload CSS") reloads to the wanted page; inside the guard window the error
 * goes on to the error boundary. React Router, when a route's own module fails to load during a
 * navigation, calls `location.reload()`, which would open the page the visitor is leaving: where the
 * browser has the Navigation API, that reload is turned to the navigation's target.
 */
export function handleChunkErrors(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError(wantedPath())) event.preventDefault();
  });
  const navigation = (target as Window & { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    const navigate = event as NavigateEvent;
    if (navigate.navigationType !== 'reload' || !navigationTarget() || !navigate.cancelable) return;
    const { pathname, search, hash } = target.location;
    const wanted = wantedPath();
    if (wanted === pathname + search + hash) return;
    // Inside the guard window React Router's reload goes ahead as it was.
    if (!reloadAllowed(Date.now())) return;
    navigate.preventDefault();
    reloadAfterChunkError(wanted);
  });
}
