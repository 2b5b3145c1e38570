import type { Db } from '@chrysos/db';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { defaultClientSeed, generateServerSeed, hashServerSeed } from '../fair/index.ts';
import * as studioSchema from '../storage/schema.ts';

const { studioSeeds } = studioSchema;

export interface SeedPair {
  id: number;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

export interface RevealedSeed extends SeedPair {
  serverSeed: string;
  revealedAt: Date;
}

const publicPart = (row: typeof studioSeeds.$inferSelect): SeedPair => ({
  id: row.id,
  serverSeedHash: row.serverSeedHash,
  clientSeed: row.clientSeed,
  nonce: row.nonce,
});

async function createActive(db: Db, owner: string, clientSeed = defaultClientSeed()) {
  const serverSeed = generateServerSeed();
  // Two first rounds at once both try to create the pair; the unique index lets one win.
  await db
    .insert(studioSeeds)
    .values({ owner, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed })
    .onConflictDoNothing();
}

async function activeRow(db: Db, owner: string) {
  const [row] = await db
    .select()
    .from(studioSeeds)
    .where(and(eq(studioSeeds.owner, owner), eq(studioSeeds.active, true)));
  return row;
}

/** The owner's active pair (created on first use): the server seed's hash is shown before play. */
export async function activeSeed(db: Db, owner: string): Promise<SeedPair> {
  let row = await activeRow(db, owner);
  if (!row) {
    await createActive(db, owner);
    row = await activeRow(db, owner);
  }
  if (!row) throw new Error('no active seed pair');
  return publicPart(row);
}

/** Takes the next nonce of the active pair for a round; the seeds stay secret to the server. */
export async function claimNonce(
  db: Db,
  owner: string,
): Promise<{
  seedId: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  serverSeedHash: string;
}> {
  await activeSeed(db, owner);
  const [row] = await db
    .update(studioSeeds)
    .set({ nonce: sql`${studioSeeds.nonce} + 1` })
    .where(and(eq(studioSeeds.owner, owner), eq(studioSeeds.active, true)))
    .returning();
  if (!row) throw new Error('no active seed pair');
  return {
    seedId: row.id,
    serverSeed: row.serverSeed,
    clientSeed: row.clientSeed,
    nonce: row.nonce - 1,
    serverSeedHash: row.serverSeedHash,
  };
}

/**
 * Ends the active pair and starts a new one with the player's client seed: the old server seed is
 * revealed, so every round played under it can be recomputed.
 */
export async function rotateSeed(
  db: Db,
  owner: string,
  clientSeed: string,
): Promise<{ revealed: RevealedSeed | null; next: SeedPair }> {
  const revealed = await db.transaction(async (tx) => {
    const [old] = await tx
      .update(studioSeeds)
      .set({ active: false, revealedAt: new Date() })
      .where(and(eq(studioSeeds.owner, owner), eq(studioSeeds.active, true)))
      .returning();
    const serverSeed = generateServerSeed();
    await tx
      .insert(studioSeeds)
      .values({ owner, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed });
    return old;
  });
  const next = await activeSeed(db, owner);
  return {
    revealed:
      revealed?.revealedAt != null
        ? { ...publicPart(revealed), serverSeed: revealed.serverSeed, revealedAt: revealed.revealedAt }
        : null,
    next,
  };
}

/** Revealed pairs of an owner, newest first, for the verification page. */
export async function revealedSeeds(db: Db, owner: string, limit = 20): Promise<RevealedSeed[]> {
  const rows = await db
    .select()
    .from(studioSeeds)
    .where(and(eq(studioSeeds.owner, owner), isNotNull(studioSeeds.revealedAt)))
    .orderBy(desc(studioSeeds.id))
    .limit(limit);
  return rows.flatMap((row) =>
    row.revealedAt ? [{ ...publicPart(row), serverSeed: row.serverSeed, revealedAt: row.revealedAt }] : [],
  );
}

/** A revealed pair by id: what the verification page recomputes a round from. */
export async function revealedSeed(db: Db, id: number): Promise<RevealedSeed | null> {
  const [row] = await db.select().from(studioSeeds).where(eq(studioSeeds.id, id));
  if (!row?.revealedAt) return null;
  return { ...publicPart(row), serverSeed: row.serverSeed, revealedAt: row.revealedAt };
}

/** A pair by id as the player may see it: its hash always, its server seed only once revealed. */
export async function seedAsShown(
  db: Db,
  id: number,
): Promise<{ serverSeedHash: string; serverSeed: string | null } | null> {
  const [row] = await db.select().from(studioSeeds).where(eq(studioSeeds.id, id));
  if (!row) return null;
  return { serverSeedHash: row.serverSeedHash, serverSeed: row.revealedAt ? row.serverSeed : null };
}
