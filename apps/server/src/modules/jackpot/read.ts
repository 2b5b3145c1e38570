import type { JackpotCycle, JackpotTier, JackpotTierId } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { gameLinkSql } from '../games/public.ts';
import { playerNames } from '../player/public.ts';
import { maskName } from '../winners/public.ts';

const c = schema.jackpotCycles;
const t = schema.jackpotTiers;

/** The tiers of a currency as they stand: each running cycle's seed plus what it has gathered. */
export async function currentTiers(db: Db, currency: string, tier?: JackpotTierId): Promise<JackpotTier[]> {
  const rows = await db
    .select({
      id: t.tier,
      currency: t.currency,
      seed: c.seedCents,
      contributed: c.contributedCents,
      mustDrop: c.mustDropCents,
      cycle: c.number,
      seedHash: c.seedHash,
    })
    .from(t)
    .innerJoin(c, and(eq(c.currency, t.currency), eq(c.tier, t.tier), isNull(c.wonAt)))
    .where(and(eq(t.currency, currency), tier ? eq(t.tier, tier) : undefined))
    .orderBy(asc(t.position));
  return rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    amount_cents: row.seed + row.contributed,
    seed_cents: row.seed,
    must_drop_cents: row.mustDrop,
    cycle: row.cycle,
    seed_hash: row.seedHash,
  }));
}

/** The won cycles of a currency's tiers, newest first, with everything needed to check each drop. */
export async function wonCycles(
  db: Db,
  currency: string,
  language: Locale,
  limit = 50,
): Promise<JackpotCycle[]> {
  const rows = await db
    .select({ cycle: c, game: gameLinkSql(sql`jackpot_cycles.game_code`, language) })
    .from(c)
    .where(and(eq(c.currency, currency), isNotNull(c.wonAt)))
    .orderBy(desc(c.wonAt), desc(c.id))
    .limit(limit);
  const names = await playerNames(
    db,
    rows.flatMap(({ cycle }) => (cycle.winnerId ? [cycle.winnerId] : [])),
  );
  return rows.map(({ cycle, game }) => ({
    tier: cycle.tier,
    currency: cycle.currency,
    cycle: cycle.number,
    seed_cents: cycle.seedCents,
    must_drop_cents: cycle.mustDropCents,
    server_seed: cycle.serverSeed,
    seed_hash: cycle.seedHash,
    drop_cents: cycle.dropCents,
    forced: cycle.forced,
    winning_transaction: cycle.winningTransaction ?? 0,
    won_cents: cycle.wonCents ?? 0,
    winner: maskName(
      names.get(cycle.winnerId ?? '')?.firstName ?? null,
      names.get(cycle.winnerId ?? '')?.email ?? '',
    ),
    game,
    opened_at: cycle.openedAt.toISOString(),
    won_at: (cycle.wonAt as Date).toISOString(),
  }));
}
