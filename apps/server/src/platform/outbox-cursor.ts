/**
 * Reading an append-only table in id order without skipping a row that commits late.
 *
 * Ids come from a sequence when a row is inserted, but transactions commit in their own order: while
 * the transaction holding id 41 is still open, the one holding 42 may have committed. A reader that
 * delivered 42 and stored 42 as its position would never look at 41 again. So a missing id below a
 * visible one (a hole) stops delivery until it is known either to have filled or never to fill: its
 * transaction rolled back, or the id was taken by an insert that failed.
 *
 * The rows are read together with the statement's snapshot (`pg_current_snapshot()`), which lists the
 * transactions still in progress. When a hole is first seen, whatever will ever fill it belongs to one
 * of those: a later transaction takes a later id. Once every one of them has ended, and a short grace
 * has passed, a hole that is still empty stays empty and is passed over. The grace covers the instant
 * between a transaction taking an id and its first write, when it has no transaction id yet and so is
 * in no snapshot (ledger bookings lock the player's accounts before taking an id, so they always have
 * one; the grace is for other writers).
 */

/** `pg_current_snapshot()`: transactions below `xmin` have ended; from `xmax` on, none had started. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  /** In progress between the two. */
  inProgress: bigint[];
}

/** Parses `pg_snapshot` text, `xmin:xmax:xip,xip,…`. */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, list] = text.split(':');
  if (xmin === undefined || xmax === undefined) throw new Error(`not a pg_snapshot: ${text}`);
  return {
    xmin: BigInt(xmin),
    xmax: BigInt(xmax),
    inProgress: list ? list.split(',').map((xid) => BigInt(xid)) : [],
  };
}

/** Whether a transaction that was in progress earlier has ended by the time of `snapshot`. */
export function ended(xid: bigint, snapshot: Snapshot): boolean {
  return xid < snapshot.xmin || (xid < snapshot.xmax && !snapshot.inProgress.includes(xid));
}

/** Holes first seen at one read: every id up to `upTo` missing then is decided by `waitFor`. */
export interface Holes {
  upTo: number;
  /** The transactions in progress when the holes were seen. */
  waitFor: bigint[];
  /** When they were seen (ms, this process's clock). */
  seenAt: number;
}

export interface Plan {
  /** How many of the rows read, from the first, may be delivered now. */
  deliver: number;
  /** Holes still waited on, if any. */
  holes: Holes | undefined;
}

/**
 * Which rows after `position` may be delivered, given the ids read (ascending, all above `position`)
 * and the snapshot they were read in. Pure: the caller keeps `holes` between reads.
 */
export function plan(
  position: number,
  holes: Holes | undefined,
  ids: readonly number[],
  snapshot: Snapshot,
  now: number,
  graceMs: number,
): Plan {
  let settledUpTo = position;
  let waiting = holes;
  if (waiting && now - waiting.seenAt >= graceMs && waiting.waitFor.every((xid) => ended(xid, snapshot))) {
    // Every missing id up to there has either filled (and is among the rows now) or never will.
    settledUpTo = Math.max(position, waiting.upTo);
    waiting = undefined;
  }
  let next = position + 1;
  let deliver = 0;
  for (const id of ids) {
    if (id !== next && id - 1 > settledUpTo) {
      // A hole that may still fill. Rows after it wait; the first sighting starts the clock.
      waiting ??= { upTo: ids[ids.length - 1] ?? id, waitFor: snapshot.inProgress, seenAt: now };
      break;
    }
    deliver++;
    next = id + 1;
  }
  return { deliver, holes: waiting };
}
