import type { Db } from '@chrysos/db';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import * as studioSchema from '../storage/schema.ts';

const { studioFreespinGrants: grants, studioRounds } = studioSchema;

/** Free spins as a real-money launch brings them: the operator's grant id, spins left, stake per spin. */
export interface FreespinGrant {
  grant: string;
  owner: string;
  titleId: string;
  currency: string;
  /** Minor units per spin. */
  stake: number;
  /** The spins the operator says are left. */
  count: number;
}

/** What the game client is told of a session's free spins; `won` and `stake` are in minor units. */
export interface FreespinsState {
  left: number;
  total: number;
  won: number;
  stake: number;
}

/**
 * Records a launch's grant, or continues it when a launch brought it before: the count the operator
 * sends is the spins it believes are left, so a second launch never adds spins (the lower of its
 * count and the studio's stands) and "spin 4 of 20" keeps its 20. False when the id belongs to a
 * grant of another player, title, currency or stake: nothing is changed then.
 */
export async function holdGrant(db: Db, grant: FreespinGrant): Promise<boolean> {
  const [held] = await db
    .insert(grants)
    .values({
      grantId: grant.grant,
      owner: grant.owner,
      titleId: grant.titleId,
      currency: grant.currency,
      stake: grant.stake,
      spinsTotal: grant.count,
      spinsLeft: grant.count,
    })
    .onConflictDoUpdate({
      target: grants.grantId,
      set: { spinsLeft: sql`least(${grants.spinsLeft}, excluded.spins_left)`, updatedAt: new Date() },
      setWhere: and(
        eq(grants.owner, grant.owner),
        eq(grants.titleId, grant.titleId),
        eq(grants.currency, grant.currency),
        eq(grants.stake, grant.stake),
      ),
    })
    .returning({ grant: grants.grantId });
  return held !== undefined;
}

/**
 * Takes one spin of the owner's grant for a round about to open, or null when none is left (the
 * session then plays paid rounds). Two spins asked for at once never take the same last one.
 */
export async function claimSpin(db: Db, grant: string, owner: string): Promise<{ stake: number } | null> {
  const [claimed] = await db
    .update(grants)
    .set({ spinsLeft: sql`${grants.spinsLeft} - 1`, updatedAt: new Date() })
    .where(and(eq(grants.grantId, grant), eq(grants.owner, owner), gt(grants.spinsLeft, 0)))
    .returning({ stake: grants.stake });
  return claimed ?? null;
}

/** Gives back a spin whose round never had its stake booked: a spin the wallet refused is not played. */
export async function returnSpin(db: Db, grant: string): Promise<void> {
  await db
    .update(grants)
    .set({ spinsLeft: sql`${grants.spinsLeft} + 1`, updatedAt: new Date() })
    .where(and(eq(grants.grantId, grant), lt(grants.spinsLeft, grants.spinsTotal)));
}

/**
 * A grant's spins left and in all, and what its spins won so far: the payouts of its rounds whose
 * outcome the player has seen (stake booked), paid or being paid.
 */
export async function grantState(db: Db, grant: string): Promise<FreespinsState | null> {
  const [row] = await db
    .select({ left: grants.spinsLeft, total: grants.spinsTotal, stake: grants.stake })
    .from(grants)
    .where(eq(grants.grantId, grant));
  if (!row) return null;
  const [won] = await db
    .select({ won: sql<string | null>`sum(${studioRounds.payout})` })
    .from(studioRounds)
    .where(
      and(
        eq(studioRounds.freeGrant, grant),
        inArray(studioRounds.status, ['open', 'closed']),
        inArray(studioRounds.phase, ['settling', 'done']),
      ),
    );
  return { ...row, won: Number(won?.won ?? 0) };
}
