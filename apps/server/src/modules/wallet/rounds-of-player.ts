import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';

/** One round of the player in a list of them, as the ledger booked it (minor units). */
export interface PlayerRoundSummary {
  /** The round's first ledger movement: what the list pages by. */
  id: number;
  round: string;
  currency: string;
  gameCode: string | null;
  status: 'open' | 'settled' | 'rolled_back';
  stake: number;
  win: number;
  openedAt: Date;
  closedAt: Date | null;
}

/**
 * The player's rounds newest first (by their first movement), of one game if asked, before the round
 * whose first movement is `before`: each with its stakes less any refunded and what it paid. Only
 * this player's movements are read (ledger_transactions_player_idx), so another's never show.
 */
export async function roundsOfPlayer(
  db: Db,
  playerId: string,
  query: { gameCode?: string | undefined; before?: number | undefined; limit: number },
): Promise<PlayerRoundSummary[]> {
  const game = query.gameCode ? sql`and game_code = ${query.gameCode}` : sql``;
  const before = query.before ? sql`having min(id) < ${query.before}` : sql``;
  const { rows } = (await db.execute(sql`
    with moves as (
      select id, kind, amount, currency, game_code, round, created_at from ledger_transactions
      where player_id = ${playerId} and kind in ('bet', 'win', 'rollback') and round is not null ${game}
    )
    select min(id) as id, round, min(currency) as currency, min(game_code) as game_code,
      coalesce(sum(amount) filter (where kind = 'bet'), 0)
        - coalesce(sum(amount) filter (where kind = 'rollback'), 0) as stake,
      coalesce(sum(amount) filter (where kind = 'win'), 0) as win,
      bool_or(kind = 'rollback') as rolled_back,
      bool_or(kind = 'win') as won,
      min(created_at) as opened_at,
      max(created_at) filter (where kind in ('win', 'rollback')) as closed_at
    from moves
    group by round
    ${before}
    order by min(id) desc
    limit ${query.limit}`)) as unknown as {
    rows: {
      id: string | number;
      round: string;
      currency: string;
      game_code: string | null;
      stake: string | number;
      win: string | number;
      rolled_back: boolean;
      won: boolean;
      opened_at: string | Date;
      closed_at: string | Date | null;
    }[];
  };
  return rows.map((row) => ({
    id: Number(row.id),
    round: row.round,
    currency: row.currency,
    gameCode: row.game_code,
    status: row.rolled_back ? 'rolled_back' : row.won ? 'settled' : 'open',
    stake: Number(row.stake),
    win: Number(row.win),
    openedAt: new Date(row.opened_at),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
  }));
}
