import { randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import { seedHash } from './draw-winners.ts';
import type { LotteryWeek } from './week.ts';

export type DrawRow = typeof schema.lotteryDraws.$inferSelect;

/**
 * The week's draw, created with its secret seed the first time anything needs it (the lottery page,
 * a deposit, the draw job), so its seed's hash is published before any of its tickets is sold.
 */
export async function ensureDraw(db: Db, week: LotteryWeek): Promise<DrawRow> {
  const seed = randomBytes(32).toString('hex');
  await db
    .insert(schema.lotteryDraws)
    .values({ id: week.id, opensAt: week.opensAt, drawAt: week.drawAt, seed, seedHash: seedHash(seed) })
    .onConflictDoNothing();
  const [row] = await db.select().from(schema.lotteryDraws).where(eq(schema.lotteryDraws.id, week.id));
  if (!row) throw new Error(`lottery draw ${week.id} missing after insert`);
  return row;
}

/** The draw row locked for this transaction (ticket numbering and the draw take turns on it). */
export async function lockDraw(tx: Db, id: string): Promise<DrawRow | undefined> {
  const [row] = await tx
    .select()
    .from(schema.lotteryDraws)
    .where(eq(schema.lotteryDraws.id, id))
    .for('update');
  return row;
}

export const ticketCount = (tx: Db, drawId: string) =>
  tx
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.lotteryTickets)
    .where(eq(schema.lotteryTickets.drawId, drawId))
    .then((rows) => rows[0]?.count ?? 0);
