import type { JackpotTierId } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { euroEquivalentIn } from '../info/public.ts';
import { playerNames } from '../player/public.ts';
import { maskName } from './mask.ts';

export interface BookedWin {
  /** The ledger transaction that paid it: a win is listed once. */
  transactionId: number;
  playerId: string;
  currency: string;
  amountCents: number;
  gameCode: string | null;
  jackpot?: JackpotTierId | null;
  wonAt: Date;
}

/** Euro cents a currency's minor units are worth, from the euro equivalents' rates (ranking only). */
async function euroValue(db: Db, currency: string, cents: number): Promise<number> {
  if (currency === 'EUR') return cents;
  const perHundredEuros = await euroEquivalentIn(db, 10_000, currency);
  return perHundredEuros ? Math.round((cents * 10_000) / perHundredEuros) : 0;
}

/**
 * Lists a booked win with the winner's masked name, through the caller's transaction (the event
 * handler's batch, or the jackpot payout's), so it is listed exactly when the win is booked; a second
 * delivery of the same win changes nothing. Returns the masked name.
 */
export async function recordWin(db: Db, win: BookedWin): Promise<string> {
  const player = (await playerNames(db, [win.playerId])).get(win.playerId);
  const name = maskName(player?.firstName, player?.email ?? '');
  await db
    .insert(schema.winners)
    .values({
      transactionId: win.transactionId,
      playerId: win.playerId,
      name,
      currency: win.currency,
      amountCents: win.amountCents,
      euroCents: await euroValue(db, win.currency, win.amountCents),
      gameCode: win.gameCode,
      jackpot: win.jackpot ?? null,
      wonAt: win.wonAt,
    })
    .onConflictDoNothing();
  return name;
}
