import type { Db } from '@chrysos/db';
import { and, eq, lte } from 'drizzle-orm';
import * as studioSchema from '../storage/schema.ts';

const { studioRoundStarts } = studioSchema;

/**
 * A round asked for sooner than the licence's minimum game cycle (issue 35; UK: RTS 14, 2.5 s) after
 * the player's previous round of the game started: nothing was opened or staked.
 */
export class TooSoon extends Error {
  /** Milliseconds until a round may start. */
  readonly waitMs: number;
  readonly cycleMs: number;
  constructor(waitMs: number, cycleMs: number) {
    super('TOO_SOON');
    this.waitMs = waitMs;
    this.cycleMs = cycleMs;
  }
}

/**
 * Claims the start of a round of `titleId` for `owner` at `at`, or throws TooSoon when the previous
 * start is less than `cycleMs` before it. The mark moves only by a conditional upsert, so of two
 * requests at once (two tabs, two instances) at most one starts a round inside the cycle.
 */
export async function claimRoundStart(
  db: Db,
  start: { owner: string; titleId: string; at: Date; cycleMs: number },
): Promise<void> {
  if (start.cycleMs <= 0) return;
  const earliestPrevious = new Date(start.at.getTime() - start.cycleMs);
  const [claimed] = await db
    .insert(studioRoundStarts)
    .values({ owner: start.owner, titleId: start.titleId, startedAt: start.at })
    .onConflictDoUpdate({
      target: [studioRoundStarts.owner, studioRoundStarts.titleId],
      set: { startedAt: start.at },
      setWhere: lte(studioRoundStarts.startedAt, earliestPrevious),
    })
    .returning({ startedAt: studioRoundStarts.startedAt });
  if (claimed) return;
  const [previous] = await db
    .select({ startedAt: studioRoundStarts.startedAt })
    .from(studioRoundStarts)
    .where(and(eq(studioRoundStarts.owner, start.owner), eq(studioRoundStarts.titleId, start.titleId)));
  const waitMs = previous ? previous.startedAt.getTime() + start.cycleMs - start.at.getTime() : 0;
  throw new TooSoon(Math.max(1, Math.ceil(waitMs)), start.cycleMs);
}
