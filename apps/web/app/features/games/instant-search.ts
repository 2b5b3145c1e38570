/**
 * Instant search (SearchGames modal): the query is sent once typing pauses for `delayMs`; an answer
 * that arrives after the query changed is dropped (and its request aborted), so results always belong
 * to what the field says. Answers are remembered for the session's last few queries, so deleting a
 * letter shows the earlier results at once. Free of React and the DOM, so it is tested with fake timers.
 */
export type SearchState<R> =
  | { status: 'idle'; query: ''; results: null }
  /** Typing: the request leaves when the pause is long enough. Earlier results stay on screen meanwhile. */
  | { status: 'waiting' | 'loading'; query: string; results: R | null }
  | { status: 'done'; query: string; results: R }
  | { status: 'failed'; query: string; results: R | null };

export interface InstantSearchOptions<R> {
  run: (query: string, signal: AbortSignal) => Promise<R>;
  onChange: (state: SearchState<R>) => void;
  delayMs?: number;
  /** How many answers to remember. */
  cacheSize?: number;
}

export interface InstantSearch {
  /** The field now says this. */
  set(query: string): void;
  /** Sends the current query again now (after a failure). */
  retry(): void;
  /** No more requests or state changes. */
  dispose(): void;
}

export const searchDelayMs = 200;

export function createInstantSearch<R>(options: InstantSearchOptions<R>): InstantSearch {
  const delayMs = options.delayMs ?? searchDelayMs;
  const cacheSize = options.cacheSize ?? 20;
  const cache = new Map<string, R>();
  let state: SearchState<R> = { status: 'idle', query: '', results: null };
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: AbortController | null = null;
  let disposed = false;

  const emit = (next: SearchState<R>) => {
    state = next;
    if (!disposed) options.onChange(next);
  };
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    inFlight?.abort();
    inFlight = null;
  };
  const remember = (query: string, results: R) => {
    cache.delete(query);
    cache.set(query, results);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  };

  const send = (query: string) => {
    timer = null;
    const controller = new AbortController();
    inFlight = controller;
    emit({ status: 'loading', query, results: state.results });
    options.run(query, controller.signal).then(
      (results) => {
        if (controller.signal.aborted || disposed) return;
        inFlight = null;
        remember(query, results);
        emit({ status: 'done', query, results });
      },
      () => {
        if (controller.signal.aborted || disposed) return;
        inFlight = null;
        emit({ status: 'failed', query, results: state.results });
      },
    );
  };

  return {
    set(raw) {
      const query = raw.trim();
      if (disposed || query === state.query) return;
      cancel();
      if (query === '') {
        emit({ status: 'idle', query: '', results: null });
        return;
      }
      const known = cache.get(query);
      if (known !== undefined) {
        emit({ status: 'done', query, results: known });
        return;
      }
      emit({ status: 'waiting', query, results: state.results });
      timer = setTimeout(() => send(query), delayMs);
    },
    retry() {
      if (disposed || state.query === '') return;
      cancel();
      send(state.query);
    },
    dispose() {
      cancel();
      disposed = true;
    },
  };
}

/**
 * Keyboard movement through a list of `count` results: -1 is "none" (the caret stays in the field).
 * Arrow keys wrap around; any other key leaves the choice where it is.
 */
export function moveActive(current: number, key: string, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  if (key === 'ArrowUp') return current <= 0 || current >= count ? count - 1 : current - 1;
  return Math.min(current, count - 1);
}
