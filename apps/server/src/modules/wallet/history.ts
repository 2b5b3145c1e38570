import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';

export const historyKinds = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'payout'],
  game: ['bet', 'win', 'rollback'],
  bonus: ['bonus_grant', 'bonus_forfeit', 'bonus_conversion'],
} as const;

export interface HistoryFilter {
  currency?: string | undefined;
  kind?: keyof typeof historyKinds | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The player's ledger movements, newest first, each with its effect on real, bonus and held money. */
export async function transactionHistory(
  db: Db,
  playerId: string,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
) {
  const t = schema.ledgerTransactions;
  const conditions = and(
    eq(t.playerId, playerId),
    notInArray(t.kind, ['voided_bet', 'rollback_repeat']),
    filter.currency ? eq(t.currency, filter.currency) : undefined,
    filter.kind ? inArray(t.kind, [...historyKinds[filter.kind]]) : undefined,
    filter.from ? gte(t.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    // "to" is inclusive: the whole of that day.
    filter.to
      ? lt(t.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000))
      : undefined,
  );
  const side = (kind: 'real' | 'bonus' | 'withdrawal_hold') =>
    sql<string>`coalesce(sum(${schema.ledgerEntries.amount}) filter (where ${schema.ledgerAccounts.kind} = ${kind}), 0)`;
  const rows = await db
    .select({
      id: t.id,
      kind: t.kind,
      currency: t.currency,
      gameCode: t.gameCode,
      round: t.round,
      createdAt: t.createdAt,
      real: side('real'),
      bonus: side('bonus'),
      held: side('withdrawal_hold'),
    })
    .from(t)
    .leftJoin(schema.ledgerEntries, eq(schema.ledgerEntries.transactionId, t.id))
    .leftJoin(
      schema.ledgerAccounts,
      and(
        eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId),
        eq(schema.ledgerAccounts.playerId, playerId),
      ),
    )
    .where(conditions)
    .groupBy(t.id)
    .orderBy(desc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<string>`count(*)` }).from(t).where(conditions);
  return {
    total: Number(count?.total ?? 0),
    items: rows.map((row) => {
      const real = Number(row.real);
      const bonus = Number(row.bonus);
      return {
        id: row.id,
        kind: row.kind,
        currency: row.currency,
        amount_cents: real + bonus,
        real_cents: real,
        bonus_cents: bonus,
        held_cents: Number(row.held),
        game_code: row.gameCode,
        round: row.round,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}
