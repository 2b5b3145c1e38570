/**
 * Spec §4: a logged-in player's accounts are fetched again every 10 s while the page is visible, at
 * once when the tab comes back or the window regains focus, and after every switch, deposit or
 * withdrawal. While the realtime `balance` channel is live, pushes keep them fresh instead and the
 * timer stops: the poll is the fallback of a connection that is down. The timing lives here, free of
 * React and the DOM, so it is tested with fake timers.
 */
export interface PollerOptions<T> {
  /** Fetches the value; null (or a rejection) means "could not read it this time". */
  load: () => Promise<T | null>;
  /** Receives every value read, except those overtaken by a newer read or set. */
  onValue: (value: T) => void;
  /** Whether the page is on screen (document.visibilityState === 'visible' in the browser). */
  isVisible: () => boolean;
  intervalMs?: number;
  /** A focus within this long after the last read does not read again. */
  focusGraceMs?: number;
  now?: () => number;
}

export interface Poller<T> {
  /**
   * Reads now and then every interval while visible; given a value just read elsewhere (the server's,
   * with the page), takes it instead of reading now.
   */
  start(known?: T): void;
  /** No more reads; results still on their way are dropped. */
  stop(): void;
  /** Reads now (after a switch, deposit or withdrawal): any read already under way is overtaken. */
  refresh(): Promise<void>;
  /** A value known without reading (the answer of a switch): taken as if just read. */
  set(value: T): void;
  /** The page was hidden or shown again. */
  visibilityChanged(): void;
  /** The window regained focus. */
  focused(): void;
  /**
   * Whether pushes keep the value fresh (the realtime channel is subscribed): no periodic, visibility
   * or focus reads meanwhile; when it stops, reads at once and polls again.
   */
  setLive(live: boolean): void;
}

export const accountsRefreshMs = 10_000;

export function createPoller<T>(options: PollerOptions<T>): Poller<T> {
  const intervalMs = options.intervalMs ?? accountsRefreshMs;
  const focusGraceMs = options.focusGraceMs ?? 2_000;
  const now = options.now ?? Date.now;
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Every read or set takes the next number; only the latest one's result is used. */
  let generation = 0;
  let inFlight: Promise<void> | null = null;
  let lastReadAt = Number.NEGATIVE_INFINITY;
  let live = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const schedule = () => {
    clearTimer();
    if (running && !live && options.isVisible()) timer = setTimeout(tick, intervalMs);
  };
  const read = (): Promise<void> => {
    const mine = ++generation;
    lastReadAt = now();
    clearTimer();
    const done = options
      .load()
      .catch(() => null)
      .then((value) => {
        if (mine !== generation || !running) return;
        if (value !== null) options.onValue(value);
        schedule();
      })
      .finally(() => {
        if (inFlight === done) inFlight = null;
      });
    inFlight = done;
    return done;
  };
  function tick() {
    timer = null;
    // A periodic read never piles up on a slow one; the slow one schedules the next when it lands.
    if (!running || inFlight) return;
    void read();
  }

  function set(value: T) {
    if (!running) return;
    generation++;
    lastReadAt = now();
    options.onValue(value);
    schedule();
  }

  return {
    start(known) {
      if (running) return;
      running = true;
      if (known !== undefined) set(known);
      else if (options.isVisible()) void read();
    },
    stop() {
      running = false;
      generation++;
      clearTimer();
    },
    refresh() {
      return running ? read() : Promise.resolve();
    },
    set,
    setLive(value) {
      if (value === live) return;
      live = value;
      if (live) clearTimer();
      else if (running && options.isVisible() && !inFlight) void read();
    },
    visibilityChanged() {
      if (!running || live) return;
      if (!options.isVisible()) clearTimer();
      else if (!inFlight) void read();
    },
    focused() {
      if (running && !live && options.isVisible() && !inFlight && now() - lastReadAt >= focusGraceMs)
        void read();
    },
  };
}
