import { type Db, schema } from '@chrysos/db';
import { and, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Questions other modules ask of the ledger, answered by the module that owns it: bonuses, compliance,
 * loyalty and tournaments read what was booked through these, never the ledger's tables. `db` may be the
 * caller's transaction.
 */

/** A booked transaction, found by the idempotency key it was booked under. */
export interface BookedTransaction {
  id: number;
  kind: string;
  amount: number;
  currency: string;
  gameCode: string | null;
  createdAt: Date;
  result: Record<string, unknown>;
}

export async function transactionByKey(db: Db, key: string): Promise<BookedTransaction | undefined> {
  const t = schema.ledgerTransactions;
  const [row] = await db
    .select({
      id: t.id,
      kind: t.kind,
      amount: t.amount,
      currency: t.currency,
      gameCode: t.gameCode,
      createdAt: t.createdAt,
      result: t.result,
    })
    .from(t)
    .where(eq(t.idempotencyKey, key));
  return row;
}

/** The id of the player's latest booking, 0 before their first: what a later booking's id exceeds. */
export async function latestTransactionId(db: Db, playerId: string): Promise<number> {
  const t = schema.ledgerTransactions;
  const [row] = await db
    .select({ id: sql<string | number | null>`max(${t.id})` })
    .from(t)
    .where(eq(t.playerId, playerId));
  return Number(row?.id ?? 0);
}

/**
 * Whether a paid bet of the player in `currency` booked after transaction `after` is still open: no win
 * and no rollback answers it.
 */
export async function betsOpenSince(
  db: Db,
  bets: { playerId: string; currency: string; after: number },
): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    select exists (
      select 1 from ledger_transactions bet
      where bet.player_id = ${bets.playerId} and bet.currency = ${bets.currency} and bet.kind = 'bet'
        and bet.amount > 0 and bet.id > ${bets.after}
        and not exists (
          select 1 from ledger_transactions answer
          where answer.reference = bet.idempotency_key and answer.kind in ('win', 'rollback')
        )
    ) as open`)) as unknown as { rows: { open: boolean }[] };
  return rows[0]?.open === true;
}

/** The bonus balances of these players, one row per player and currency they hold bonus money in. */
export async function bonusBalances(
  db: Db,
  playerIds: readonly string[],
): Promise<{ playerId: string; currency: string; balance: number }[]> {
  if (playerIds.length === 0) return [];
  const a = schema.ledgerAccounts;
  const rows = await db
    .select({ playerId: a.playerId, currency: a.currency, balance: a.balance })
    .from(a)
    .where(and(inArray(a.playerId, [...playerIds]), eq(a.kind, 'bonus')));
  return rows.flatMap((row) => (row.playerId ? [{ ...row, playerId: row.playerId }] : []));
}

/**
 * A player's bonus balance in a currency as a sub-select on the caller's columns (0 without an account),
 * for a statement that must stay one round trip.
 */
export function bonusBalanceSql(playerId: SQLWrapper, currency: SQLWrapper): SQL<string> {
  return sql<string>`coalesce((select account.balance from ledger_accounts account
    where account.player_id = ${playerId} and account.currency = ${currency} and account.kind = 'bonus'), 0)`;
}

/**
 * What a player staked (stakes less stakes rolled back) and won per currency since `since`, in the
 * currency's order. A free spin stakes nothing; its win counts as won.
 */
export async function playSince(
  db: Db,
  playerId: string,
  since: Date,
): Promise<{ currency: string; wagered: number; won: number }[]> {
  const { rows } = (await db.execute(sql`
    select currency,
      coalesce(sum(case kind when 'bet' then amount when 'rollback' then -amount else 0 end), 0)::bigint as wagered,
      coalesce(sum(case kind when 'win' then amount else 0 end), 0)::bigint as won
    from ledger_transactions
    where player_id = ${playerId} and kind in ('bet', 'win', 'rollback') and created_at >= ${since.toISOString()}
    group by currency
    order by currency
  `)) as unknown as { rows: { currency: string; wagered: string | number; won: string | number }[] };
  return rows.map((row) => ({ currency: row.currency, wagered: Number(row.wagered), won: Number(row.won) }));
}

/**
 * A player's net real-money loss in a currency between two moments: real money staked less real money
 * won and given back by rollbacks; zero when they won.
 */
export async function realMoneyLoss(
  db: Db,
  loss: { playerId: string; currency: string; from: Date; to: Date },
): Promise<number> {
  const { rows } = (await db.execute(sql`
    select coalesce(-sum(e.amount), 0) as lost
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'real' and a.player_id = t.player_id
    where t.player_id = ${loss.playerId} and t.currency = ${loss.currency} and t.kind in ('bet', 'win', 'rollback')
      and t.created_at >= ${loss.from.toISOString()} and t.created_at < ${loss.to.toISOString()}`)) as unknown as {
    rows: { lost: string | number }[];
  };
  return Math.max(0, Number(rows[0]?.lost ?? 0));
}

/**
 * What each of these players' play left the casino in real money per currency between two moments:
 * real money staked less real money won and given back by rollbacks, negative when they won (an
 * affiliate's net revenue share is paid on it). Players who did not play are left out.
 */
export async function realMoneyNetOf(
  db: Db,
  playerIds: readonly string[],
  window: { from: Date; to: Date },
): Promise<{ playerId: string; currency: string; net: number }[]> {
  if (playerIds.length === 0) return [];
  const { rows } = (await db.execute(sql`
    select t.player_id, t.currency, coalesce(-sum(e.amount), 0) as net
    from ledger_transactions t
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'real' and a.player_id = t.player_id
    where t.player_id = any(${`{${playerIds.join(',')}}`}::uuid[]) and t.kind in ('bet', 'win', 'rollback')
      and t.created_at >= ${window.from.toISOString()} and t.created_at < ${window.to.toISOString()}
    group by t.player_id, t.currency
    order by t.player_id, t.currency`)) as unknown as {
    rows: { player_id: string; currency: string; net: string | number }[];
  };
  return rows.map((row) => ({ playerId: row.player_id, currency: row.currency, net: Number(row.net) }));
}

/** Ends the player's open game sessions now: a studio's next call for them is refused. */
export async function endGameSessions(db: Db, playerId: string, now: Date): Promise<void> {
  const g = schema.gameSessions;
  await db
    .update(g)
    .set({ expiresAt: now })
    .where(and(eq(g.playerId, playerId), gt(g.expiresAt, now)));
}

/** A leg (ledger entry) of a booked transaction, with the transaction's own facts. */
export interface TransactionLeg {
  transactionId: number;
  kind: string;
  playerId: string | null;
  key: string;
  gameCode: string | null;
  accountId: number;
  amount: number;
}

/**
 * The legs of these transactions that move money on these accounts, in transaction order. Each
 * transaction's entries are found by its index, one lookup per transaction (OFFSET 0 keeps each lateral
 * subquery from being flattened into a join the planner may order differently): joined as one plain
 * query, a planner whose statistics lagged the growing ledger went from the few accounts to every entry
 * they ever had, or scanned every entry, 30-100 ms a batch under bench/wallet.ts. The ids go as array
 * parameters, so every call runs the same statement whatever its length.
 */
export async function legsOn(
  db: Db,
  transactionIds: readonly number[],
  accountIds: readonly number[],
): Promise<TransactionLeg[]> {
  if (transactionIds.length === 0 || accountIds.length === 0) return [];
  const { rows } = (await db.execute(sql`
    select t.id, t.kind, t.player_id, t.idempotency_key, t.game_code, legs.account_id, legs.amount
    from unnest(${`{${transactionIds.join(',')}}`}::bigint[]) as asked(id)
    cross join lateral (
      select id, kind, player_id, idempotency_key, game_code from ledger_transactions where id = asked.id offset 0
    ) t
    cross join lateral (
      select account_id, amount from ledger_entries where transaction_id = asked.id offset 0
    ) legs
    where legs.account_id = any(${`{${accountIds.join(',')}}`}::bigint[])
    order by t.id`)) as unknown as { rows: Record<string, string | number | null>[] };
  return rows.map((row) => ({
    transactionId: Number(row.id),
    kind: String(row.kind),
    playerId: row.player_id === null ? null : String(row.player_id),
    key: String(row.idempotency_key),
    gameCode: row.game_code === null ? null : String(row.game_code),
    accountId: Number(row.account_id),
    amount: Number(row.amount),
  }));
}

/** What the entries of each of these accounts sum to: its balance as the ledger's legs have it. */
export async function entrySums(db: Db, accountIds: readonly number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const { rows } = (await db.execute(sql`
    select account_id, coalesce(sum(amount), 0) as total from ledger_entries
    where account_id = any(${`{${accountIds.join(',')}}`}::bigint[])
    group by account_id`)) as unknown as { rows: { account_id: string | number; total: string | number }[] };
  const sums = new Map<number, number>(accountIds.map((id) => [id, 0]));
  for (const row of rows) sums.set(Number(row.account_id), Number(row.total));
  return sums;
}

/** What the entries of every account of a kind (e.g. 'jackpot_seed') sum to. */
export async function entrySumOfKind(db: Db, kind: string): Promise<number> {
  const { rows } = (await db.execute(sql`
    select coalesce(sum(e.amount), 0) as total from ledger_entries e
    join ledger_accounts a on a.id = e.account_id where a.kind = ${kind}`)) as unknown as {
    rows: { total: string | number }[];
  };
  return Number(rows[0]?.total ?? 0);
}

/** Of these payouts, the ones not booked as one leg of exactly `amount` to the player's real balance. */
export async function payoutsNotBooked(
  db: Db,
  payouts: readonly { transactionId: number | null; playerId: string | null; amount: number }[],
): Promise<number> {
  let missing = 0;
  for (const payout of payouts) {
    if (payout.transactionId === null || payout.playerId === null) {
      missing++;
      continue;
    }
    const { rows } = (await db.execute(sql`
      select exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = ${payout.transactionId} and a.player_id = ${payout.playerId}
          and a.kind = 'real' and e.amount = ${payout.amount}) as booked`)) as unknown as {
      rows: { booked: boolean }[];
    };
    if (rows[0]?.booked !== true) missing++;
  }
  return missing;
}

/**
 * How many bets moved more than `percent` % of their real stake, plus `slackCents`, into accounts of
 * these kinds (a bet's contribution legs against its stake).
 */
export async function betsGivingMore(
  db: Db,
  to: { kinds: readonly string[]; percent: number; slackCents: number },
): Promise<number> {
  const { rows } = (await db.execute(sql`
    select count(*) as count from (
      select e.transaction_id,
             sum(e.amount) filter (where a.kind = any(${`{${to.kinds.join(',')}}`}::text[])) as given,
             -sum(e.amount) filter (where a.kind = 'real') as real
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      join ledger_transactions t on t.id = e.transaction_id and t.kind = 'bet'
      group by e.transaction_id
    ) b where coalesce(b.given, 0) * 100 > coalesce(b.real, 0) * ${to.percent} + ${to.slackCents * 100}`)) as unknown as {
    rows: { count: string | number }[];
  };
  return Number(rows[0]?.count ?? 0);
}
