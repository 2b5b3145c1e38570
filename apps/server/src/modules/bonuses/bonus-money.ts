import type { Db, schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import { betsOpenSince, bonusBalanceSql } from '../wallet/public.ts';

/** Winnings of free spins still being played: bonus money that is not the running bonus's yet. */
export async function spinsWinnings(tx: Db, playerId: string, currency: string): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select coalesce(sum(win), 0) as win from player_freespins
    where player_id = ${playerId} and currency = ${currency} and stage = 'activated'`)) as unknown as {
    rows: { win: string | number }[];
  };
  return Number(rows[0]?.win ?? 0);
}

/**
 * The money a running bonus has left, as SQL over the player_bonuses row of the statement: the player's
 * bonus balance in its currency less the winnings of free spins still being played (spinsWinnings), the
 * bonus money that is not the bonus's yet. Zero or less once a lost round spent it.
 */
export const moneyLeftOfBonusRow = sql<string>`(
  ${bonusBalanceSql(sql`player_bonuses.player_id`, sql`player_bonuses.currency`)}
  - (select coalesce(sum(spins.win), 0) from player_freespins spins
    where spins.player_id = player_bonuses.player_id and spins.currency = player_bonuses.currency
      and spins.stage = 'activated'))`;

/**
 * Whether a bet staked since the bonus was activated is still open (no win and no rollback answers it):
 * a bonus with wagering met waits for them in handle_bets, since their outcome is still its money.
 */
export function betsOpen(tx: Db, bonus: typeof schema.playerBonuses.$inferSelect): Promise<boolean> {
  return betsOpenSince(tx, {
    playerId: bonus.playerId,
    currency: bonus.currency,
    after: bonus.activationTransaction ?? 0,
  });
}
