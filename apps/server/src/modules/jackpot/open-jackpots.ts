import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { currenciesFacts, equivalents } from '../info/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { openCycle } from './open-cycle.ts';
import { tierAccountKind, tierTerms } from './tiers.ts';

/**
 * Gives each currency of JACKPOT_CURRENCIES its three tiers (their ledger accounts, shares, seeds and
 * must-drop amounts, the euro amounts' equivalents) and a running cycle each; what exists is kept.
 * Run at start on every instance: the inserts are idempotent and a cycle opens once (openCycle).
 * Returns the currencies that have a jackpot.
 */
export async function openJackpots(
  db: Db,
  wallet: Wallet,
  currencies: readonly string[],
  now: Date,
): Promise<string[]> {
  if (currencies.length === 0) return [];
  const known = await currenciesFacts(db, { codes: currencies });
  const opened: string[] = [];
  for (const { code, subunits } of known) {
    const seeds = tierTerms.map((terms) => ({
      terms,
      seed: equivalents(terms.seedEuroCents, [{ code, subunits }])[code],
      mustDrop: equivalents(terms.mustDropEuroCents, [{ code, subunits }])[code],
    }));
    // A currency without a euro rate has no equivalents to seed from.
    if (seeds.some((s) => !s.seed || !s.mustDrop)) continue;
    await db.transaction(async (tx) => {
      const ledger = wallet.using(tx).ledger;
      for (const { terms, seed, mustDrop } of seeds) {
        const accountId = await ledger.systemAccount(tierAccountKind(terms.id), code);
        await tx
          .insert(schema.jackpotTiers)
          .values({
            currency: code,
            tier: terms.id,
            position: terms.position,
            accountId,
            shareBp: terms.shareBp,
            seedCents: seed as number,
            mustDropCents: mustDrop as number,
          })
          .onConflictDoNothing();
        const [tier] = await tx
          .select()
          .from(schema.jackpotTiers)
          .where(and(eq(schema.jackpotTiers.currency, code), eq(schema.jackpotTiers.tier, terms.id)));
        const [open] = await tx
          .select({ id: schema.jackpotCycles.id })
          .from(schema.jackpotCycles)
          .where(
            and(
              eq(schema.jackpotCycles.currency, code),
              eq(schema.jackpotCycles.tier, terms.id),
              isNull(schema.jackpotCycles.wonAt),
            ),
          );
        if (!tier || open) continue;
        const [last] = await tx
          .select({ number: sql<number>`coalesce(max(${schema.jackpotCycles.number}), 0)::int` })
          .from(schema.jackpotCycles)
          .where(and(eq(schema.jackpotCycles.currency, code), eq(schema.jackpotCycles.tier, terms.id)));
        await openCycle(tx, wallet, tier, (last?.number ?? 0) + 1, 0, now);
      }
    });
    opened.push(code);
  }
  return opened;
}
