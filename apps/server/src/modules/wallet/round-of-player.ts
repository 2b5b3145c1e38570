import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { historyKinds } from './history.ts';

export interface PlayerRound {
  round: string;
  currency: string;
  gameCode: string | null;
  status: 'open' | 'settled' | 'rolled_back';
  stake: number;
  win: number;
  balanceBefore: number;
  balanceAfter: number;
  startedAt: Date;
  endedAt: Date;
}

/**
 * One round of the player as the ledger booked it: its stakes (less any refunded), what it paid, and
 * the player's real plus bonus money just before its first movement and after its last. Undefined when
 * the player has no movement of that round, so another player's round is not found.
 */
export async function roundOfPlayer(
  db: Db,
  playerId: string,
  round: string,
): Promise<PlayerRound | undefined> {
  const t = schema.ledgerTransactions;
  const e = schema.ledgerEntries;
  const a = schema.ledgerAccounts;
  const moves = await db
    .select({
      id: t.id,
      kind: t.kind,
      currency: t.currency,
      gameCode: t.gameCode,
      createdAt: t.createdAt,
      spendable: sql<string>`coalesce(sum(${e.amount}) filter (where ${a.kind} in ('real', 'bonus')), 0)`,
    })
    .from(t)
    .leftJoin(e, eq(e.transactionId, t.id))
    .leftJoin(a, and(eq(a.id, e.accountId), eq(a.playerId, playerId)))
    .where(and(eq(t.playerId, playerId), eq(t.round, round), inArray(t.kind, [...historyKinds.game])))
    .groupBy(t.id)
    .orderBy(asc(t.id));
  const first = moves[0];
  const last = moves.at(-1);
  if (!first || !last) return undefined;
  const sumOf = (kind: string) =>
    moves.filter((move) => move.kind === kind).reduce((sum, move) => sum + Number(move.spendable), 0);
  const refunded = sumOf('rollback');
  const [before, after] = await Promise.all([
    spendableAt(db, playerId, first.currency, first.id, 'before'),
    spendableAt(db, playerId, first.currency, last.id, 'after'),
  ]);
  return {
    round,
    currency: first.currency,
    gameCode: first.gameCode,
    status: refunded > 0 ? 'rolled_back' : moves.some((move) => move.kind === 'win') ? 'settled' : 'open',
    stake: -(sumOf('bet') + refunded),
    win: sumOf('win'),
    balanceBefore: before,
    balanceAfter: after,
    startedAt: first.createdAt,
    endedAt: last.createdAt,
  };
}

/**
 * The player's real plus bonus money in a currency just before, or just after, a transaction: each
 * account's balance after its latest entry up to there (entries keep the balance they left).
 */
async function spendableAt(
  db: Db,
  playerId: string,
  currency: string,
  transactionId: number,
  when: 'before' | 'after',
): Promise<number> {
  const upTo =
    when === 'before' ? sql`e.transaction_id < ${transactionId}` : sql`e.transaction_id <= ${transactionId}`;
  const { rows } = (await db.execute(sql`
    select coalesce(sum((select e.balance_after from ledger_entries e
                         where e.account_id = a.id and ${upTo}
                         order by e.id desc limit 1)), 0) as balance
    from ledger_accounts a
    where a.player_id = ${playerId} and a.currency = ${currency} and a.kind in ('real', 'bonus')`)) as unknown as {
    rows: { balance: string | number | null }[];
  };
  return Number(rows[0]?.balance ?? 0);
}
