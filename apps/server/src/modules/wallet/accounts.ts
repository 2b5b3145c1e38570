import type { Account } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Ledger } from './ledger.ts';

/**
 * The player's currency accounts (spec §3 Account, §4 Account switch). A player starts with one in
 * the currency chosen at registration; exactly one is active at any time.
 */
export async function listAccounts(db: Db, ledger: Ledger, playerId: string): Promise<Account[]> {
  let held = await db
    .select()
    .from(schema.playerCurrencies)
    .where(eq(schema.playerCurrencies.playerId, playerId))
    .orderBy(asc(schema.playerCurrencies.createdAt));
  if (held.length === 0) {
    const [player] = await db
      .select({ currency: schema.players.currency })
      .from(schema.players)
      .where(eq(schema.players.id, playerId));
    if (!player) return [];
    await db
      .insert(schema.playerCurrencies)
      .values({ playerId, currency: player.currency, active: true })
      .onConflictDoNothing();
    held = await db
      .select()
      .from(schema.playerCurrencies)
      .where(eq(schema.playerCurrencies.playerId, playerId));
  }
  return Promise.all(
    held.map(async (entry) => {
      const { real, bonus } = await ledger.balances(playerId, entry.currency);
      return {
        currency: entry.currency,
        amount_cents: real + bonus,
        available_to_cashout_cents: real,
        bonus_cents: bonus,
        active: entry.active,
      };
    }),
  );
}

/** Adds the currency if the player does not hold it yet and makes it the active account. */
export async function switchAccount(db: Db, playerId: string, currency: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the player's row: two switches at once must still leave exactly one account active.
    await tx.execute(
      sql`select 1 from ${schema.players} where ${schema.players.id} = ${playerId} for update`,
    );
    await tx
      .insert(schema.playerCurrencies)
      .values({ playerId, currency, active: false })
      .onConflictDoNothing();
    await tx
      .update(schema.playerCurrencies)
      .set({ active: false })
      .where(and(eq(schema.playerCurrencies.playerId, playerId), eq(schema.playerCurrencies.active, true)));
    await tx
      .update(schema.playerCurrencies)
      .set({ active: true })
      .where(
        and(eq(schema.playerCurrencies.playerId, playerId), eq(schema.playerCurrencies.currency, currency)),
      );
    await tx.update(schema.players).set({ currency }).where(eq(schema.players.id, playerId));
  });
}
