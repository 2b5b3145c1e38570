import type { Db } from '@chrysos/db';
import type { EventRow } from './event-row.ts';
import { storeEvents } from './store-events.ts';

type Received = EventRow & { receivedAt: Date };

interface Waiting {
  rows: Received[];
  done: (fresh: EventRow[]) => void;
  failed: (error: unknown) => void;
}

/** Statements in flight at once: enough to keep the pool busy, few enough to leave it to the rest of the app. */
const concurrency = 3;
/** Rows one statement stores at most. */
const maxRows = 2_000;

/**
 * The ingest's writes, grouped: requests arriving while statements are in flight wait and go together
 * in the next one, so a busy ingest stores hundreds of events per statement instead of ten (decision
 * 44), while a quiet one writes each request's at once. A request's answer still waits for its own
 * events to be stored: nothing is acknowledged before it is kept.
 */
export class GroupedWriter {
  readonly #db: Db;
  #waiting: Waiting[] = [];
  #inFlight = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Stores `rows` received at `receivedAt`; answers those that were new. */
  write(rows: readonly EventRow[], receivedAt: Date): Promise<EventRow[]> {
    return new Promise((done, failed) => {
      this.#waiting.push({ rows: rows.map((row) => ({ ...row, receivedAt })), done, failed });
      this.#next();
    });
  }

  #next(): void {
    while (this.#inFlight < concurrency && this.#waiting.length > 0) {
      const group: Waiting[] = [];
      let size = 0;
      while (
        this.#waiting.length > 0 &&
        (group.length === 0 || size + (this.#waiting[0]?.rows.length ?? 0) <= maxRows)
      ) {
        const next = this.#waiting.shift() as Waiting;
        group.push(next);
        size += next.rows.length;
      }
      this.#inFlight += 1;
      void this.#store(group).finally(() => {
        this.#inFlight -= 1;
        this.#next();
      });
    }
  }

  async #store(group: Waiting[]): Promise<void> {
    const rows = group.flatMap((waiting) => waiting.rows);
    const first = rows[0];
    if (!first) {
      for (const waiting of group) waiting.done([]);
      return;
    }
    try {
      // Each row carries its own time of receipt; the first one's names the statement's fallback.
      const fresh = new Set<EventRow>(await storeEvents(this.#db, rows, first.receivedAt));
      for (const waiting of group) waiting.done(waiting.rows.filter((row) => fresh.has(row)));
    } catch (error) {
      for (const waiting of group) waiting.failed(error);
    }
  }
}
