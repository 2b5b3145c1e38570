import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import * as studioSchema from '../storage/schema.ts';

/** A demo session starts with this many whole units of play money. */
export const demoStartingUnits = 1_000;
/** Launch links are opened at once; a session then lives as long as an evening of play. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;

export type StudioSession = typeof studioSchema.studioSessions.$inferSelect;

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

/** How the operator's licence lets a session be played (the launch's `gameplay`). */
export interface Gameplay {
  autoplay: boolean;
  /** Milliseconds at least between the starts of two rounds of the player in the game (0: none). */
  minCycleMs: number;
  /** Whether a slot may shorten its rounds on screen (quick spins, slam stop). */
  quickPlay: boolean;
}

/** Play as it always was: what a launch that says nothing of gameplay gets. */
export const unrestrictedGameplay: Gameplay = { autoplay: true, minCycleMs: 0, quickPlay: true };

export type Launch = { gameplay?: Gameplay } & (
  | {
      mode: 'real';
      titleId: string;
      language: string;
      user: string;
      walletToken: string;
      currency: string;
      /** The free-spin grant (freespin_grants) the session plays first, already held. */
      freeGrant?: string;
    }
  | { mode: 'demo'; titleId: string; language: string; currency: string; subunits: number }
);

/**
 * Opens a studio session for one launch, the way an aggregator's launch call does: the casino hands
 * over the player's wallet user id and game session token, and gets back the id the game URL carries.
 */
export async function openStudioSession(db: Db, launch: Launch): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.insert(studioSchema.studioSessions).values({
    idHash: hashOf(id),
    mode: launch.mode,
    titleId: launch.titleId,
    language: launch.language,
    currency: launch.currency,
    autoplay: (launch.gameplay ?? unrestrictedGameplay).autoplay,
    minCycleMs: (launch.gameplay ?? unrestrictedGameplay).minCycleMs,
    quickPlay: (launch.gameplay ?? unrestrictedGameplay).quickPlay,
    expiresAt: new Date(Date.now() + sessionLifetimeMs),
    ...(launch.mode === 'real'
      ? { user: launch.user, walletToken: launch.walletToken, freeGrant: launch.freeGrant ?? null }
      : { demoBalance: demoStartingUnits * launch.subunits }),
  });
  return id;
}

/** The live session behind a game URL's id, or undefined when unknown or expired. */
export async function findStudioSession(db: Db, id: string): Promise<StudioSession | undefined> {
  const [row] = await db
    .select()
    .from(studioSchema.studioSessions)
    .where(eq(studioSchema.studioSessions.idHash, hashOf(id)));
  if (!row || row.expiresAt.getTime() < Date.now()) return undefined;
  return row;
}

/** Who owns the seeds and rounds of a session: the wallet user, or the demo session itself. */
export const ownerOf = (session: StudioSession) =>
  session.mode === 'real' && session.user ? session.user : `demo:${session.idHash}`;
