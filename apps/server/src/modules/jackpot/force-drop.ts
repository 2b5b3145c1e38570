import type { JackpotTierId } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

/**
 * Test configuration only (JACKPOT_TEST_DROP=on): moves the running cycle's drop point to one cent
 * above its amount, so the next contribution wins it, and marks the cycle `forced` in its public
 * history. Locks the cycle as the contributions' handler does. Returns false without a running cycle.
 */
export async function forceDrop(db: Db, currency: string, tier: JackpotTierId): Promise<boolean> {
  const c = schema.jackpotCycles;
  const updated = await db
    .update(c)
    .set({ dropCents: sql`${c.seedCents} + ${c.contributedCents} + 1`, forced: true })
    .where(and(eq(c.currency, currency), eq(c.tier, tier), isNull(c.wonAt)))
    .returning({ id: c.id });
  return updated.length > 0;
}
