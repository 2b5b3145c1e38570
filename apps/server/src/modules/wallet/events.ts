import { sql } from 'drizzle-orm';
import type { EventStream } from '../../platform/events.ts';

/** A game movement as its event tells it: the ledger transaction and the player's money it moved. */
export interface GameMoneyMoved {
  /** The ledger transaction's id (also the event's position in the `ledger` stream). */
  transactionId: number;
  /** Its idempotency key: `<studio>:<the studio's transaction id>` for protocol calls. */
  key: string;
  playerId: string;
  currency: string;
  /** Minor units moved; `real` + `bonus` of it came from (bet) or went to (win, rollback) each balance. */
  amount: number;
  real: number;
  bonus: number;
  round: string | null;
  gameCode: string | null;
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A stake taken (real money first, then bonus money). A free spin's bet moves nothing: `free`. */
    'wallet.bet_booked': GameMoneyMoved & { free: boolean };
    /** A win paid for a bet (`betKey`) in the bet's proportion of real to bonus money; 0 closes a lost round. */
    'wallet.win_booked': GameMoneyMoved & { betKey: string };
    /** A bet given back exactly as it was taken. */
    'wallet.rollback_booked': GameMoneyMoved & { betKey: string };
  }
}

/** Ledger kinds that are game events; the rest of the ledger (cashier movements, records) is passed over. */
const gameKinds = {
  bet: 'wallet.bet_booked',
  win: 'wallet.win_booked',
  rollback: 'wallet.rollback_booked',
} as const;

/**
 * The ledger read as the outbox of money events: nothing is written for them when money moves (the
 * booking is the hot path, decision 7); ledger_transactions' ids are the stream, and the player's legs
 * of each game movement say how much real and bonus money it moved.
 */
export const ledgerStream: EventStream = {
  name: 'ledger',
  produces: Object.values(gameKinds),
  head: sql`select coalesce(max(id), 0) as head from ledger_transactions`,
  read: (after, limit) => sql`
    select t.id, t.kind, t.idempotency_key, t.player_id, t.currency, t.amount, t.reference, t.round,
           t.game_code, t.created_at, legs.real, legs.bonus
    from ledger_transactions t
    left join lateral (
      select coalesce(sum(leg.amount) filter (where leg.kind = 'real'), 0) as real,
             coalesce(sum(leg.amount) filter (where leg.kind = 'bonus'), 0) as bonus
      from (
        -- Each entry's account kind by the account's key. As a join, a planner whose statistics lagged a
        -- growing ledger hashed the whole accounts table once per transaction of the batch (270 ms for
        -- a batch of 500 under bench/wallet.ts; decision 13). Only the player's legs: they alone keep a
        -- running balance (balance_after), so the house's and the jackpot's legs need no account read.
        select e.amount, (select a.kind from ledger_accounts a where a.id = e.account_id) as kind
        from ledger_entries e
        where e.transaction_id = t.id and t.kind in ('bet', 'win', 'rollback') and e.balance_after is not null
      ) leg
    ) legs on true
    where t.id > ${after}
    order by t.id
    limit ${limit}`,
  toEvent(row) {
    const name = gameKinds[row.kind as keyof typeof gameKinds];
    if (!name || row.player_id === null) return null;
    const amount = Number(row.amount);
    const moved: GameMoneyMoved = {
      transactionId: Number(row.id),
      key: String(row.idempotency_key),
      playerId: String(row.player_id),
      currency: String(row.currency),
      amount,
      // A bet's legs take money from the player (negative), a win's and a rollback's give it.
      real: Math.abs(Number(row.real)),
      bonus: Math.abs(Number(row.bonus)),
      round: (row.round as string | null) ?? null,
      gameCode: (row.game_code as string | null) ?? null,
    };
    const occurredAt = new Date(row.created_at as string);
    if (name === 'wallet.bet_booked') return { name, payload: { ...moved, free: amount === 0 }, occurredAt };
    return { name, payload: { ...moved, betKey: String(row.reference) }, occurredAt };
  },
};
