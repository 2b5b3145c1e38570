import { describe, expect, it } from 'vitest';
import { ended, type Holes, parseSnapshot, plan } from './outbox-cursor.ts';

const grace = 500;

describe('pg_snapshot text', () => {
  it('reads xmin, xmax and the transactions in progress', () => {
    expect(parseSnapshot('738:745:738,741')).toEqual({ xmin: 738n, xmax: 745n, inProgress: [738n, 741n] });
    expect(parseSnapshot('750:750:')).toEqual({ xmin: 750n, xmax: 750n, inProgress: [] });
  });

  it('tells which earlier transactions have ended', () => {
    const snapshot = parseSnapshot('740:745:741');
    expect(ended(739n, snapshot)).toBe(true);
    expect(ended(740n, snapshot)).toBe(true);
    expect(ended(741n, snapshot)).toBe(false);
    expect(ended(746n, snapshot)).toBe(false);
  });
});

describe('delivery in id order without skipping a late commit', () => {
  it('delivers consecutive rows at once', () => {
    expect(plan(10, undefined, [11, 12, 13], parseSnapshot('900:900:'), 0, grace)).toEqual({
      deliver: 3,
      holes: undefined,
    });
  });

  it('stops at a hole while the transaction that may fill it is open, then delivers it in order', () => {
    // 12 is held by transaction 901, still open; 13 committed.
    const first = plan(10, undefined, [11, 13], parseSnapshot('901:903:901'), 0, grace);
    expect(first.deliver).toBe(1);
    expect(first.holes).toEqual({ upTo: 13, waitFor: [901n], seenAt: 0 });

    // Long after the grace, 901 is still open: 13 still waits.
    const still = plan(11, first.holes, [13], parseSnapshot('901:904:901'), 60_000, grace);
    expect(still.deliver).toBe(0);

    // 901 committed: 12 is there, and 12 and 13 go in order.
    const filled = plan(11, still.holes, [12, 13], parseSnapshot('904:904:'), 60_001, grace);
    expect(filled).toEqual({ deliver: 2, holes: undefined });
  });

  it('passes over a hole that never fills once its transactions ended and the grace passed', () => {
    const seen = plan(10, undefined, [11, 13], parseSnapshot('901:903:901'), 0, grace);
    // 901 rolled back, but the grace has not passed yet.
    const early = plan(11, seen.holes, [13], parseSnapshot('904:904:'), grace - 1, grace);
    expect(early.deliver).toBe(0);
    const late = plan(11, early.holes, [13, 14], parseSnapshot('904:905:'), grace, grace);
    expect(late).toEqual({ deliver: 2, holes: undefined });
  });

  it('waits on a hole ahead of the first row too', () => {
    const seen = plan(10, undefined, [12], parseSnapshot('901:903:901'), 0, grace);
    expect(seen.deliver).toBe(0);
    expect(seen.holes?.upTo).toBe(12);
  });

  it('keeps the first sighting while later holes appear, and decides them afresh after it', () => {
    const holes: Holes = { upTo: 13, waitFor: [901n], seenAt: 0 };
    // 901 still open; a new hole at 15 is not recorded over the older sighting.
    const open = plan(10, holes, [11, 13, 14, 16], parseSnapshot('901:910:901,905'), 1000, grace);
    expect(open).toEqual({ deliver: 1, holes });
    // 901 ended: 12 never filled and is passed over, up to 13; 15 (taken by 905, open) is a new hole.
    const next = plan(11, open.holes, [13, 14, 16], parseSnapshot('905:910:905'), 2000, grace);
    expect(next.deliver).toBe(2);
    expect(next.holes).toEqual({ upTo: 16, waitFor: [905n], seenAt: 2000 });
  });
});
