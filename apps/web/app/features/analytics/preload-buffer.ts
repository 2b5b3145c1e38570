/** A call for the analytics library, made before or after it is loaded. */
export type AnalyticsCall =
  | { type: 'track'; event: string; properties: Record<string, unknown> }
  | { type: 'page'; name: string; properties: Record<string, unknown> }
  | { type: 'identify'; userId: string; traits: Record<string, unknown> };

export interface AnalyticsSink {
  send(call: AnalyticsCall): void;
}

/** Spec §9: the pre-load buffer hands the library up to 6 events per poll, polls 1,500 ms apart. */
export const preloadPoll = { events: 6, everyMs: 1_500 } as const;
/** What a page keeps while the visitor has not chosen; more is dropped, oldest first. */
const capacity = 100;

/**
 * Holds the page's analytics calls until the library is loaded (after hydration, and only once the
 * visitor agreed), then hands them over in polls of `preloadPoll.events`, `preloadPoll.everyMs` apart,
 * so a page with many calls waiting does not flood the library's queue at once. Calls made while it
 * drains queue behind, in order; once it is empty they go straight to the library.
 */
export class PreloadBuffer {
  #pending: AnalyticsCall[] = [];
  #sink: AnalyticsSink | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  push(call: AnalyticsCall): void {
    if (this.#sink && this.#timer === null && this.#pending.length === 0) {
      this.#sink.send(call);
      return;
    }
    this.#pending.push(call);
    if (this.#pending.length > capacity) this.#pending.shift();
  }

  /** The library is loaded: the first poll now, the next ones `everyMs` apart while calls wait. */
  attach(sink: AnalyticsSink): void {
    this.#sink = sink;
    if (this.#timer === null) this.#poll();
  }

  /** The visitor declined or withdrew: what waits is dropped and nothing more is taken. */
  clear(): void {
    this.#pending = [];
    this.#sink = null;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  get waiting(): number {
    return this.#pending.length;
  }

  #poll = () => {
    this.#timer = null;
    const sink = this.#sink;
    if (!sink) return;
    for (const call of this.#pending.splice(0, preloadPoll.events)) sink.send(call);
    if (this.#pending.length > 0) this.#timer = setTimeout(this.#poll, preloadPoll.everyMs);
  };
}

/** The page's one buffer: the header, the session and the router put their calls here. */
export const analyticsBuffer = new PreloadBuffer();
