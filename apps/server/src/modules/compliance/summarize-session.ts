import type { SessionSummary } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { playSince } from '../wallet/public.ts';

/**
 * What the reality check shows (spec §1, §4, §6): per currency, what the player staked since the session
 * began (stakes less stakes rolled back) and what they won, read from the ledger, the one record of money
 * moved. A free spin stakes nothing; its win counts as won.
 */
export async function summarizeSession(db: Db, playerId: string, since: Date): Promise<SessionSummary> {
  const played = await playSince(db, playerId, since);
  return {
    since: since.toISOString(),
    currencies: played.map((row) => ({
      currency: row.currency,
      wagered_cents: row.wagered,
      won_cents: row.won,
    })),
  };
}
