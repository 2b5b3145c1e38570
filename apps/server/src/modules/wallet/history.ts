import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, gt, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';

export const historyKinds = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'payout'],
  game: ['bet', 'win', 'rollback'],
  bonus: ['bonus_grant', 'bonus_forfeit', 'bonus_conversion', 'prize_payout'],
} as const;

export interface HistoryFilter {
  currency?: string | undefined;
  kind?: keyof typeof historyKinds | undefined;
  /** The ledger's own kinds, for a filter finer than the player's (operators'); wins over `kind`. */
  kinds?: readonly string[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The filter's dates as instants: from the start of `from` to the end of `to` (inclusive), in UTC. */
export function periodOf(filter: { from?: string | undefined; to?: string | undefined }) {
  return {
    from: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
    until: filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
  };
}

type GameTitles = (db: Db, codes: string[], locale: 'en' | 'el') => Promise<Map<string, string>>;
type PaymentMethods = (db: Db, playerId: string, paymentIds: string[]) => Promise<Map<string, string>>;

/**
 * What a player recognises a movement of their history by, told by the modules that know: the games
 * catalogue names the games (`labelGamesWith`), the cashier the payment methods (`labelPaymentsWith`).
 * Until one has, its movements show no name.
 */
export class HistoryLabels {
  gameTitles: GameTitles = async () => new Map();
  paymentMethods: PaymentMethods = async () => new Map();

  labelGamesWith(titles: GameTitles): void {
    this.gameTitles = titles;
  }

  labelPaymentsWith(methods: PaymentMethods): void {
    this.paymentMethods = methods;
  }
}

/**
 * Movements of the cashier: their ledger keys name the payment (`deposit:<id>`, `payout:<id>`,
 * `withdrawal:<id>:hold`, `withdrawal:<id>:release`, payments/cashier.ts).
 */
const paymentKinds: readonly string[] = [...historyKinds.deposit, ...historyKinds.withdrawal];
const paymentIdPattern = /^[a-z_]+:([0-9a-f-]{36})(?::|$)/;

/**
 * The player's ledger movements, newest first, each with its effect on real, bonus and held money, and
 * what a player recognises it by: the game's title in `locale` (from the catalogue) or the payment
 * method. A lost round is its bet alone: the win of nothing that closed it is left out.
 */
export async function transactionHistory(
  db: Db,
  labels: HistoryLabels,
  playerId: string,
  filter: HistoryFilter,
  page: { offset: number; limit: number; before?: number | undefined },
  locale: 'en' | 'el' = 'en',
) {
  const t = schema.ledgerTransactions;
  const period = periodOf(filter);
  const conditions = and(
    eq(t.playerId, playerId),
    notInArray(t.kind, ['voided_bet', 'rollback_repeat']),
    sql`not (${t.kind} = 'win' and ${t.amount} = 0)`,
    filter.currency ? eq(t.currency, filter.currency) : undefined,
    filter.kinds
      ? inArray(t.kind, [...filter.kinds])
      : filter.kind
        ? inArray(t.kind, [...historyKinds[filter.kind]])
        : undefined,
    period.from ? gte(t.createdAt, period.from) : undefined,
    // "to" is inclusive: the whole of that day.
    period.until ? lt(t.createdAt, period.until) : undefined,
  );
  const side = (kind: 'real' | 'bonus' | 'withdrawal_hold') =>
    sql<string>`coalesce(sum(${schema.ledgerEntries.amount}) filter (where ${schema.ledgerAccounts.kind} = ${kind}), 0)`;
  // The balance the movement's last leg on that account left (null: it did not touch it).
  const after = (kind: 'real' | 'bonus') =>
    sql<
      string | null
    >`(array_agg(${schema.ledgerEntries.balanceAfter} order by ${schema.ledgerEntries.id} desc) filter (where ${schema.ledgerAccounts.kind} = ${kind}))[1]`;
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
      realAfter: after('real'),
      bonusAfter: after('bonus'),
      key: t.idempotencyKey,
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
    .where(and(conditions, page.before ? lt(t.id, page.before) : undefined))
    .groupBy(t.id)
    .orderBy(desc(t.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db.select({ total: sql<string>`count(*)` }).from(t).where(conditions);
  const [titles, methods, roundWins] = await Promise.all([
    gameTitles(db, labels, rows, locale),
    paymentMethods(db, labels, playerId, rows),
    winsOfBets(db, playerId, rows),
  ]);
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
        real_balance_after_cents: row.realAfter === null ? null : Number(row.realAfter),
        bonus_balance_after_cents: row.bonusAfter === null ? null : Number(row.bonusAfter),
        game_code: row.gameCode,
        game_title: row.gameCode ? (titles.get(row.gameCode) ?? null) : null,
        method: methods.get(row.id) ?? null,
        round_win_cents: row.kind === 'bet' ? (roundWins.get(row.key) ?? null) : null,
        round: row.round,
        created_at: row.createdAt.toISOString(),
      };
    }),
  };
}

/** The catalogue's titles of the games on a page of history, by the code the wallet calls carried. */
async function gameTitles(
  db: Db,
  labels: HistoryLabels,
  rows: { gameCode: string | null }[],
  locale: 'en' | 'el',
) {
  const codes = [...new Set(rows.flatMap((row) => (row.gameCode ? [row.gameCode] : [])))];
  if (codes.length === 0) return new Map<string, string>();
  return labels.gameTitles(db, codes, locale);
}

/** The method (`card`…) of each cashier movement on a page of history, by transaction id. */
async function paymentMethods(
  db: Db,
  labels: HistoryLabels,
  playerId: string,
  rows: { id: number; kind: string; key: string }[],
) {
  const paymentOf = new Map<number, string>();
  for (const row of rows) {
    const id = paymentKinds.includes(row.kind) ? paymentIdPattern.exec(row.key)?.[1] : undefined;
    if (id) paymentOf.set(row.id, id);
  }
  const methods = new Map<number, string>();
  if (paymentOf.size === 0) return methods;
  const byPayment = await labels.paymentMethods(db, playerId, [...new Set(paymentOf.values())]);
  for (const [transaction, payment] of paymentOf) {
    const method = byPayment.get(payment);
    if (method) methods.set(transaction, method);
  }
  return methods;
}

/**
 * What each bet on a page of history won back, by the bet's key: 0 for a lost round, whose win of
 * nothing the history leaves out. Wins come after their bet, so only the player's movements from the
 * oldest bet on the page on are read (ledger_transactions_player_idx).
 */
async function winsOfBets(db: Db, playerId: string, rows: { id: number; kind: string; key: string }[]) {
  const bets = rows.filter((row) => row.kind === 'bet');
  const wins = new Map<string, number>();
  if (bets.length === 0) return wins;
  const t = schema.ledgerTransactions;
  const found = await db
    .select({ reference: t.reference, amount: t.amount })
    .from(t)
    .where(
      and(
        eq(t.playerId, playerId),
        gt(t.id, Math.min(...bets.map((bet) => bet.id))),
        eq(t.kind, 'win'),
        inArray(
          t.reference,
          bets.map((bet) => bet.key),
        ),
      ),
    );
  for (const win of found) {
    if (win.reference) wins.set(win.reference, (wins.get(win.reference) ?? 0) + win.amount);
  }
  return wins;
}
