import { createHash } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

export type PlayerAccountKind = (typeof schema.playerAccountKinds)[number];
export type SystemAccountKind = (typeof schema.systemAccountKinds)[number];

/** One side of a movement. `fallback` makes it a spend: from `account` first, the rest from `fallback`. */
export interface Leg {
  account: number;
  amount: number;
  tracked: boolean;
  fallback?: number;
}

export interface Movement {
  key: string;
  /** The request's meaningful fields; a replay under the same key must carry the same ones. */
  fingerprint: Record<string, unknown>;
  kind: string;
  playerId: string | null;
  currency: string;
  amount: number;
  reference?: string | null;
  round?: string | null;
  gameCode?: string | null;
  legs: Leg[];
  /** Stored with the balances after the movement and given back verbatim on a replay. */
  result?: Record<string, unknown>;
}

export interface BookedResult extends Record<string, unknown> {
  transaction_id: number;
  real: number;
  bonus: number;
  held: number;
}

export type Booking =
  | { status: 'booked' | 'replay'; result: BookedResult }
  | { status: 'conflict'; kind: string };

/** A second rollback of one bet under another id: the bet is already reversed. */
export class AlreadyRolledBack extends Error {
  constructor() {
    super('bet already rolled back');
  }
}

/** A win for a bet that was rolled back: the round it would pay no longer exists. */
export class BetRolledBack extends Error {
  constructor() {
    super('bet rolled back');
  }
}

export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
  }
}

/** Errors raised inside ledger_book arrive wrapped by the driver and by Drizzle. */
function raisedBy(error: unknown, message: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes(message)) return true;
  }
  return false;
}

const fingerprintOf = (fields: Record<string, unknown>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))))
    .digest('hex');

/** Built and planned once per database: every win looks up the bet it answers. */
function withEntriesQuery(db: Db) {
  return db
    .select({
      kind: schema.ledgerTransactions.kind,
      playerId: schema.ledgerTransactions.playerId,
      currency: schema.ledgerTransactions.currency,
      accountId: schema.ledgerEntries.accountId,
      amount: schema.ledgerEntries.amount,
      tracked: sql<boolean>`${schema.ledgerEntries.balanceAfter} is not null`,
      accountKind: schema.ledgerAccounts.kind,
    })
    .from(schema.ledgerTransactions)
    .leftJoin(schema.ledgerEntries, eq(schema.ledgerEntries.transactionId, schema.ledgerTransactions.id))
    .leftJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
    .where(eq(schema.ledgerTransactions.idempotencyKey, sql.placeholder('key')))
    .prepare('ledger_transaction_with_entries');
}
const withEntriesQueries = new WeakMap<Db, ReturnType<typeof withEntriesQuery>>();

/**
 * The double-entry ledger. Every balance change is one call of the database function ledger_book
 * (migration 0006): transaction, entries and balances in one statement, so a crash leaves either
 * all of it or none, and the idempotency key makes a retry safe.
 */
export class Ledger {
  readonly #db: Db;
  /** Account ids never change once created: each is looked up once per process. */
  readonly #accountIds: Map<string, number>;
  /** Ids learnt inside a transaction stay local to it: a rollback may take the account rows away. */
  readonly #learnt: Map<string, number>;

  constructor(db: Db, accountIds = new Map<string, number>(), learnt = accountIds) {
    this.#db = db;
    this.#accountIds = accountIds;
    this.#learnt = learnt;
  }

  /** The same ledger inside a database transaction, so a booking commits with the caller's other writes. */
  using(db: Db): Ledger {
    return new Ledger(db, this.#accountIds, new Map());
  }

  async book(movement: Movement): Promise<Booking> {
    if (!Number.isSafeInteger(movement.amount) || movement.amount < 0) {
      throw new Error(`ledger amounts are whole minor units: ${movement.amount}`);
    }
    try {
      const rows = (await this.#db.execute(sql`
        select ledger_book(
          ${movement.key}, ${fingerprintOf(movement.fingerprint)}, ${movement.kind}, ${movement.playerId}::uuid,
          ${movement.currency}, ${movement.amount}::bigint, ${movement.reference ?? null}, ${movement.round ?? null},
          ${movement.gameCode ?? null}, ${JSON.stringify(movement.legs)}::jsonb, ${JSON.stringify(movement.result ?? {})}::jsonb
        )`)) as unknown as { rows: { ledger_book: Booking }[] };
      const booking = rows.rows[0]?.ledger_book;
      if (!booking) throw new Error('ledger_book returned nothing');
      return booking;
    } catch (error) {
      if (raisedBy(error, 'insufficient_funds')) throw new InsufficientFunds();
      if (raisedBy(error, 'ledger_transactions_one_rollback')) throw new AlreadyRolledBack();
      if (raisedBy(error, 'bet_rolled_back')) throw new BetRolledBack();
      throw error;
    }
  }

  /** The id of a player's account of this kind and currency, created on first use. */
  playerAccount(playerId: string, currency: string, kind: PlayerAccountKind): Promise<number> {
    return this.#account(kind, currency, playerId);
  }

  systemAccount(kind: SystemAccountKind, currency: string): Promise<number> {
    return this.#account(kind, currency, null);
  }

  async #account(kind: string, currency: string, playerId: string | null): Promise<number> {
    const cacheKey = `${kind}:${currency}:${playerId ?? ''}`;
    const cached = this.#accountIds.get(cacheKey) ?? this.#learnt.get(cacheKey);
    if (cached !== undefined) return cached;
    await this.#db.insert(schema.ledgerAccounts).values({ kind, currency, playerId }).onConflictDoNothing();
    const [row] = await this.#db
      .select({ id: schema.ledgerAccounts.id })
      .from(schema.ledgerAccounts)
      .where(
        and(
          eq(schema.ledgerAccounts.kind, kind),
          eq(schema.ledgerAccounts.currency, currency),
          playerId === null
            ? isNull(schema.ledgerAccounts.playerId)
            : eq(schema.ledgerAccounts.playerId, playerId),
        ),
      );
    if (!row) throw new Error(`ledger account ${cacheKey} could not be created`);
    this.#learnt.set(cacheKey, row.id);
    return row.id;
  }

  /** Real, bonus and held money of a player in one currency (zeros before any movement). */
  async balances(playerId: string, currency: string): Promise<{ real: number; bonus: number; held: number }> {
    const rows = await this.#db
      .select({ kind: schema.ledgerAccounts.kind, balance: schema.ledgerAccounts.balance })
      .from(schema.ledgerAccounts)
      .where(and(eq(schema.ledgerAccounts.playerId, playerId), eq(schema.ledgerAccounts.currency, currency)));
    const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance ?? 0;
    return { real: of('real'), bonus: of('bonus'), held: of('withdrawal_hold') };
  }

  /** The entries of a booked transaction, by its idempotency key (to answer or reverse it). */
  async entriesOf(key: string) {
    return this.#db
      .select({
        accountId: schema.ledgerEntries.accountId,
        amount: schema.ledgerEntries.amount,
        tracked: sql<boolean>`${schema.ledgerEntries.balanceAfter} is not null`,
        kind: schema.ledgerAccounts.kind,
      })
      .from(schema.ledgerEntries)
      .innerJoin(
        schema.ledgerTransactions,
        eq(schema.ledgerTransactions.id, schema.ledgerEntries.transactionId),
      )
      .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
      .where(eq(schema.ledgerTransactions.idempotencyKey, key));
  }

  /** A transaction and its entries in one query (a win needs the split of the bet it answers). */
  async transactionWithEntries(key: string) {
    let query = withEntriesQueries.get(this.#db);
    if (!query) {
      query = withEntriesQuery(this.#db);
      withEntriesQueries.set(this.#db, query);
    }
    const rows = await query.execute({ key });
    const [first] = rows;
    if (!first) return undefined;
    return {
      kind: first.kind,
      playerId: first.playerId,
      currency: first.currency,
      entries: rows.flatMap((row) =>
        row.accountId === null || row.amount === null || row.accountKind === null
          ? []
          : [{ accountId: row.accountId, amount: row.amount, tracked: row.tracked, kind: row.accountKind }],
      ),
    };
  }

  async transaction(key: string) {
    const [row] = await this.#db
      .select()
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, key));
    return row;
  }
}
