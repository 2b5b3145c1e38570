import { createHash } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';

export type PlayerAccountKind = (typeof schema.playerAccountKinds)[number];
export type SystemAccountKind = (typeof schema.systemAccountKinds)[number];

/** One side of a movement. `fallback` makes it a spend: from `account` first, the rest from `fallback`. */
export interface Leg {
  account: number;
  amount: number;
  tracked: boolean;
  fallback?: number;
}

/**
 * A win's accounts: the house pays, the player is paid back in the proportion of real to bonus money
 * of the bet it answers (`reference`), which ledger_win_legs reads from the bet's entries
 * (packages/db/sql/functions/ledger_win_legs.sql).
 */
export interface WinSplit {
  house: number;
  real: number;
  bonus: number;
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
  /** The legs, or for a win the accounts it pays, split in the database by the bet it answers. */
  legs: Leg[] | WinSplit;
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

/** A rollback of a bet that a win already answers: the round was played out and paid. */
export class BetSettled extends Error {
  constructor() {
    super('bet already answered by a win');
  }
}

/** A stake above the maximum bet of the player's running bonus (its terms; refused, never confiscated). */
export class BonusMaxBet extends Error {
  constructor() {
    super('stake above the running bonus maximum bet');
  }
}

/** A stake that would take the player past their own loss or wager limit (issue 17; refused at bet time). */
export class PlayerLimitReached extends Error {
  constructor() {
    super('stake over the player limit');
  }
}

export class InsufficientFunds extends Error {
  constructor() {
    super('insufficient funds');
  }
}

/** What `Ledger.refusal` turns a failed booking into: the booking's rules said no, nothing broke. */
const refusals = [
  InsufficientFunds,
  AlreadyRolledBack,
  BetRolledBack,
  BetSettled,
  BonusMaxBet,
  PlayerLimitReached,
];
const isRefusal = (error: unknown) => refusals.some((refusal) => error instanceof refusal);

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

/**
 * The advisory lock every locker of a player's accounts in a currency takes before the rows (its key as
 * in packages/db/sql/functions/ledger_try_book.sql), held to the end of the transaction.
 */
const playerLedgerLock = (playerId: string, currency: string) =>
  sql`select pg_advisory_xact_lock(1818584167, hashtext(${playerId}::text || ':' || ${currency}))`;

/** The product's time (the app's clock, platform/clock.ts): what decides a player's limits at bet time. */
export type Now = () => Date;

/**
 * How a booking ended: booked, a replay of its key, a conflict with it, refused (Ledger.refusal), failed;
 * or, for a grouped protocol call (booking-groups.ts), not booked there and left to the full path.
 */
export type BookingOutcome = Booking['status'] | 'refused' | 'failed' | 'not_booked';

/**
 * Starts timing one booking and answers what ends it, told the outcome: the wallet's metrics
 * (metrics.ts). A ledger built without one (tests, benchmarks) times nothing.
 */
export type BookingTimer = () => (outcome: BookingOutcome) => void;

/**
 * The double-entry ledger. Every balance change is one call of the database function ledger_book
 * (packages/db/sql/functions/ledger_book.sql): transaction, entries and balances in one statement, so
 * a crash leaves either all of it or none, and the idempotency key makes a retry safe.
 */
export class Ledger {
  readonly #db: Db;
  /** Sent with each booking: a limit's window and a pending raise's due time are read at it. */
  readonly now: Now;
  /** Account ids never change once created: each is looked up once per process. */
  readonly #accountIds: Map<string, number>;
  /** Ids learnt inside a transaction stay local to it: a rollback may take the account rows away. */
  readonly #learnt: Map<string, number>;
  /** Each booking is a statement of its own (not `using` a caller's transaction), so it may be retried. */
  readonly #standalone: boolean;
  readonly #timer: BookingTimer | undefined;

  constructor(
    db: Db,
    accountIds = new Map<string, number>(),
    learnt = accountIds,
    now: Now = () => new Date(),
    timer?: BookingTimer,
  ) {
    this.#db = db;
    this.#accountIds = accountIds;
    this.#learnt = learnt;
    this.now = now;
    this.#standalone = learnt === accountIds;
    this.#timer = timer;
  }

  /** The same ledger inside a database transaction, so a booking commits with the caller's other writes. */
  using(db: Db): Ledger {
    return new Ledger(db, this.#accountIds, new Map(), this.now, this.#timer);
  }

  /** Books one movement (ledger_book), timed from the call to its outcome, a retry included. */
  async book(movement: Movement): Promise<Booking> {
    const done = this.#timer?.();
    try {
      const booking = await this.#book(movement);
      done?.(booking.status);
      return booking;
    } catch (error) {
      done?.(isRefusal(error) ? 'refused' : 'failed');
      throw error;
    }
  }

  async #book(movement: Movement, retried = false): Promise<Booking> {
    try {
      const rows = (await this.#db.execute(
        sql`select ${this.bookingCall(movement)} as booking`,
      )) as unknown as {
        rows: { booking: Booking }[];
      };
      const booking = rows.rows[0]?.booking;
      if (!booking) throw new Error('ledger_book returned nothing');
      return booking;
    } catch (error) {
      // Two calls with one key that share no account both got past the duplicate check; the one that
      // lost the insert books again and meets the winner's row (a replay or a conflict).
      // A deadlock is not retried: every locker of a player's accounts takes the player's ledger lock
      // first and several players' in sorted order (issue 31 item 22), so a deadlock is a lock-order
      // bug to fix where it is, not to hide here.
      if (!retried && Ledger.lostKeyRace(error)) return this.#book(movement, true);
      throw Ledger.refusal(error) ?? error;
    }
  }

  static lostKeyRace(error: unknown): boolean {
    return raisedBy(error, 'ledger_transactions_key_unique');
  }

  /** The ledger_book call for a movement. */
  bookingCall(movement: Movement): SQL {
    const { legs, ...values } = Ledger.bookingValues(movement);
    const legsSql = Array.isArray(legs)
      ? sql`${JSON.stringify(legs)}::jsonb`
      : sql`ledger_win_legs(${values.reference}, ${values.amount}::bigint, ${legs.house}::bigint, ${legs.real}::bigint, ${legs.bonus}::bigint)`;
    return sql`ledger_book(
      ${values.key}, ${values.fingerprint}, ${values.kind}, ${values.player}::uuid,
      ${values.currency}, ${values.amount}::bigint, ${values.reference}, ${values.round},
      ${values.game}, ${legsSql}, ${JSON.stringify(values.result)}::jsonb,
      ${this.now().toISOString()}::timestamptz
    )`;
  }

  /** ledger_book's arguments for a movement, by name (also sent as JSON by BookingGroups). */
  static bookingValues(movement: Movement) {
    if (!Number.isSafeInteger(movement.amount) || movement.amount < 0) {
      throw new Error(`ledger amounts are whole minor units: ${movement.amount}`);
    }
    return {
      key: movement.key,
      fingerprint: fingerprintOf(movement.fingerprint),
      kind: movement.kind,
      player: movement.playerId,
      currency: movement.currency,
      amount: movement.amount,
      reference: movement.reference ?? null,
      round: movement.round ?? null,
      game: movement.gameCode ?? null,
      result: movement.result ?? {},
      legs: movement.legs,
    };
  }

  /** The refusal a failed booking statement stands for, if it is one. */
  static refusal(error: unknown): Error | undefined {
    if (raisedBy(error, 'insufficient_funds')) return new InsufficientFunds();
    if (raisedBy(error, 'ledger_transactions_one_rollback')) return new AlreadyRolledBack();
    if (raisedBy(error, 'bet_rolled_back')) return new BetRolledBack();
    if (raisedBy(error, 'bet_settled')) return new BetSettled();
    if (raisedBy(error, 'bonus_max_bet')) return new BonusMaxBet();
    if (raisedBy(error, 'player_limit')) return new PlayerLimitReached();
    return undefined;
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
    const find = async () => {
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
      return row?.id;
    };
    let id = await find();
    if (id === undefined) {
      // A player's account created inside a transaction is created under the player's ledger lock, as
      // it is then booked: created before it, the uncommitted row made a holder of that lock creating
      // the same account wait for this transaction, which waited for the lock (issue 31 item 22).
      if (playerId !== null && !this.#standalone) await this.lockPlayer(playerId, currency);
      await this.#db.insert(schema.ledgerAccounts).values({ kind, currency, playerId }).onConflictDoNothing();
      id = await find();
    }
    if (id === undefined) throw new Error(`ledger account ${cacheKey} could not be created`);
    this.#learnt.set(cacheKey, id);
    return id;
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

  /**
   * Takes the player's ledger lock in the currency until the caller's transaction ends. What locks a
   * player's other rows and then books them (a bonus or free-spin row: activation, cancel, forfeit,
   * lapse, the bonus event handler) takes it first, before those rows, as every booking takes it
   * before the accounts: one order everywhere, so none of them waits on another in the opposite order
   * (issue 31 item 22). Several players' locks are taken in sorted order (`lockPlayers`).
   */
  async lockPlayer(playerId: string, currency: string): Promise<void> {
    await this.#db.execute(playerLedgerLock(playerId, currency));
  }

  /** The player's ledger lock if no one holds it: false, and nothing taken, when another transaction does. */
  async tryLockPlayer(playerId: string, currency: string): Promise<boolean> {
    const { rows } = (await this.#db.execute(
      sql`select pg_try_advisory_xact_lock(1818584167, hashtext(${playerId}::text || ':' || ${currency})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    return rows[0]?.locked === true;
  }

  /** The ledger locks of several players and currencies, in one stable (sorted) order. */
  async lockPlayers(pairs: { playerId: string; currency: string }[]): Promise<void> {
    const keys = [...new Set(pairs.map(({ playerId, currency }) => `${playerId}:${currency}`))].sort();
    for (const key of keys) {
      const at = key.lastIndexOf(':');
      await this.lockPlayer(key.slice(0, at), key.slice(at + 1));
    }
  }

  /**
   * The same, with the player's accounts in the currency locked until the caller's transaction ends (as
   * every booking locks them): a movement of "all the bonus money" booked after it moves exactly that.
   */
  async lockedBalances(playerId: string, currency: string) {
    // The player's ledger lock first, as ledger_try_book takes it (issue 31 item 22): one lock before
    // the rows, so no two lockers of a player's accounts wait on each other in opposite orders.
    await this.lockPlayer(playerId, currency);
    const rows = await this.#db
      .select({ kind: schema.ledgerAccounts.kind, balance: schema.ledgerAccounts.balance })
      .from(schema.ledgerAccounts)
      .where(and(eq(schema.ledgerAccounts.playerId, playerId), eq(schema.ledgerAccounts.currency, currency)))
      .orderBy(schema.ledgerAccounts.id)
      .for('update');
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

  async transaction(key: string) {
    const [row] = await this.#db
      .select()
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, key));
    return row;
  }
}
