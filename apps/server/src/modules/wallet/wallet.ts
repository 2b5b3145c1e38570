import type { Account } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { listAccounts, openChosenAccount } from './accounts.ts';
import { type Booking, Ledger, type Movement, type Now } from './ledger.ts';

interface PlayerMovement {
  /** Idempotency key, unique across the ledger: callers namespace their own ids. */
  key: string;
  playerId: string;
  currency: string;
  /** Positive minor units. */
  amount: number;
}

interface GameMovement extends PlayerMovement {
  round: string;
  gameCode: string;
  /** Extra request fields that must match on a replay (e.g. the studio's own ids). */
  fingerprint?: Record<string, unknown>;
  result?: Record<string, unknown>;
}

export class AmountError extends Error {}

/** A free bet as the studio sends it: whose, in which currency, of which studio's game. */
export interface FreeBet {
  playerId: string;
  currency: string;
  studio: string;
  gameCode: string;
}

/** Whether a grant of the capability that owns free spins pays for this free bet. */
export type FreeBetCheck = (db: Db, bet: FreeBet) => Promise<boolean>;

/** Whether a player has used an account in a way the ledger has not booked yet (a payment under way). */
export type AccountUseCheck = (db: Db, playerId: string, currency: string) => Promise<boolean>;

/** Minor units must be whole, positive and exact in a double. */
export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new AmountError(`not a positive whole amount: ${amount}`);
}

/**
 * Every way money moves, as double-entry legs over the ledger (spec issue: wallet and cashier).
 * Deposits and payouts meet the PSP clearing account, play meets the house. Bets take real money
 * first, then bonus money; a win is paid back in the same proportion as the bet it answers, so
 * bonus money stays bonus money until wagered out.
 */
export class Wallet {
  readonly ledger: Ledger;
  readonly #freeBetChecks: FreeBetCheck[];
  readonly #accountUseChecks: AccountUseCheck[];

  /** `now`: the product's time, which decides the player's limits at bet time (the app's clock). */
  constructor(
    db: Db | Ledger,
    now?: Now,
    freeBetChecks: FreeBetCheck[] = [],
    accountUseChecks: AccountUseCheck[] = [],
  ) {
    this.ledger = db instanceof Ledger ? db : new Ledger(db, undefined, undefined, now);
    this.#freeBetChecks = freeBetChecks;
    this.#accountUseChecks = accountUseChecks;
  }

  /** This wallet inside a database transaction (see Ledger.using). */
  using(db: Db): Wallet {
    return new Wallet(this.ledger.using(db), undefined, this.#freeBetChecks, this.#accountUseChecks);
  }

  /**
   * Lets a capability that moves money before the ledger books it (the cashier's payments) say that a
   * player has used an account, so it is kept as theirs.
   */
  countAccountUse(check: AccountUseCheck): void {
    this.#accountUseChecks.push(check);
  }

  /** Whether a player has used their account in `currency` outside the ledger's bookings. */
  async accountUsedElsewhere(db: Db, playerId: string, currency: string): Promise<boolean> {
    for (const check of this.#accountUseChecks) if (await check(db, playerId, currency)) return true;
    return false;
  }

  /**
   * A player's accounts and balances, as their wallet shows them: for a module that cannot import the
   * wallet's reads because the wallet reads it (the player's own record, Player 360).
   */
  accountsOf(db: Db, playerId: string): Promise<Account[]> {
    return listAccounts(db, this.ledger, playerId);
  }

  /** The currency chosen at CompleteRegistration becomes the player's first, active account. */
  openChosenAccount(db: Db, player: { id: string; chosen: string; before: string }): Promise<void> {
    return openChosenAccount(db, this, player);
  }

  /**
   * Lets the capability that grants free spins say which free bets its grants pay for: a free bet no
   * grant pays for is refused (issue 31 item 4), or its win would be bonus money of no bonus.
   */
  acceptFreeBets(check: FreeBetCheck): void {
    this.#freeBetChecks.push(check);
  }

  /** Whether a grant pays for this free bet (none does when no capability grants free spins). */
  async freeBetGranted(db: Db, bet: FreeBet): Promise<boolean> {
    for (const check of this.#freeBetChecks) if (await check(db, bet)) return true;
    return false;
  }

  #real = (m: PlayerMovement) => this.ledger.playerAccount(m.playerId, m.currency, 'real');
  #bonus = (m: PlayerMovement) => this.ledger.playerAccount(m.playerId, m.currency, 'bonus');
  #held = (m: PlayerMovement) => this.ledger.playerAccount(m.playerId, m.currency, 'withdrawal_hold');

  async #move(
    kind: string,
    movement: PlayerMovement & { reference?: string; round?: string; gameCode?: string },
    legs: Movement['legs'],
    extra: { fingerprint?: Record<string, unknown>; result?: Record<string, unknown> } = {},
  ): Promise<Booking> {
    assertAmount(movement.amount);
    return this.ledger.book(this.#movement(kind, movement, legs, extra));
  }

  #movement(
    kind: string,
    movement: Omit<PlayerMovement, 'amount'> & {
      amount: number;
      reference?: string | undefined;
      round?: string | undefined;
      gameCode?: string | undefined;
    },
    legs: Movement['legs'],
    extra: {
      fingerprint?: Record<string, unknown> | undefined;
      result?: Record<string, unknown> | undefined;
    },
  ): Movement {
    return {
      key: movement.key,
      kind,
      playerId: movement.playerId,
      currency: movement.currency,
      amount: movement.amount,
      reference: movement.reference ?? null,
      round: movement.round ?? null,
      gameCode: movement.gameCode ?? null,
      fingerprint: {
        kind,
        player: movement.playerId,
        currency: movement.currency,
        amount: movement.amount,
        reference: movement.reference ?? null,
        ...extra.fingerprint,
      },
      legs,
      ...(extra.result ? { result: extra.result } : {}),
    };
  }

  /** A payment the PSP confirmed: clearing owes the player. */
  async deposit(movement: PlayerMovement): Promise<Booking> {
    const clearing = await this.ledger.systemAccount('psp_clearing', movement.currency);
    return this.#move('deposit', movement, [
      { account: await this.#real(movement), amount: movement.amount, tracked: true },
      { account: clearing, amount: -movement.amount, tracked: false },
    ]);
  }

  /** Real money set aside for a withdrawal: it no longer counts as available to cash out or bet. */
  async holdWithdrawal(movement: PlayerMovement): Promise<Booking> {
    return this.#move('withdrawal_hold', movement, [
      { account: await this.#real(movement), amount: -movement.amount, tracked: true },
      { account: await this.#held(movement), amount: movement.amount, tracked: true },
    ]);
  }

  /** A cancelled or rejected withdrawal: the held money returns to the real balance. */
  async releaseWithdrawal(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    return this.#move('withdrawal_release', movement, [
      { account: await this.#held(movement), amount: -movement.amount, tracked: true },
      { account: await this.#real(movement), amount: movement.amount, tracked: true },
    ]);
  }

  /** The PSP paid the withdrawal out: the held money leaves through clearing. */
  async payOut(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    const clearing = await this.ledger.systemAccount('psp_clearing', movement.currency);
    return this.#move('payout', movement, [
      { account: await this.#held(movement), amount: -movement.amount, tracked: true },
      { account: clearing, amount: movement.amount, tracked: false },
    ]);
  }

  /**
   * An operator's correction of the player's real balance, booked against the house: a credit
   * (`direction: 'credit'`) the house pays, a debit the house takes back, never more than the real
   * balance holds (InsufficientFunds). `amount` is positive either way.
   */
  async adjustBalance(
    movement: PlayerMovement & { reference: string; direction: 'credit' | 'debit' },
  ): Promise<Booking> {
    const house = await this.ledger.systemAccount('house', movement.currency);
    const signed = movement.direction === 'credit' ? movement.amount : -movement.amount;
    return this.#move(
      'balance_adjustment',
      movement,
      [
        { account: await this.#real(movement), amount: signed, tracked: true },
        { account: house, amount: -signed, tracked: false },
      ],
      { fingerprint: { direction: movement.direction } },
    );
  }

  /** Bonus money granted (a bonus activated): the bonus pool owes the player's bonus balance. */
  async grantBonus(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    const pool = await this.ledger.systemAccount('bonus_pool', movement.currency);
    return this.#move('bonus_grant', movement, [
      { account: await this.#bonus(movement), amount: movement.amount, tracked: true },
      { account: pool, amount: -movement.amount, tracked: false },
    ]);
  }

  /** A bonus wagered out: its money on the bonus balance becomes real, withdrawable money. */
  async convertBonus(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    return this.#move('bonus_conversion', movement, [
      { account: await this.#bonus(movement), amount: -movement.amount, tracked: true },
      { account: await this.#real(movement), amount: movement.amount, tracked: true },
    ]);
  }

  /** A prize paid as real money from the bonus pool (a lootbox prize the operator made real money). */
  async payPrize(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    const pool = await this.ledger.systemAccount('bonus_pool', movement.currency);
    return this.#move('prize_payout', movement, [
      { account: await this.#real(movement), amount: movement.amount, tracked: true },
      { account: pool, amount: -movement.amount, tracked: false },
    ]);
  }

  /** Bonus money taken back to the pool (a bonus canceled, expired, forfeited, or above its cap). */
  async forfeitBonus(movement: PlayerMovement & { reference: string }): Promise<Booking> {
    const pool = await this.ledger.systemAccount('bonus_pool', movement.currency);
    return this.#move('bonus_forfeit', movement, [
      { account: await this.#bonus(movement), amount: -movement.amount, tracked: true },
      { account: pool, amount: movement.amount, tracked: false },
    ]);
  }

  async bet(movement: GameMovement): Promise<Booking> {
    return this.ledger.book(await this.betMovement(movement));
  }

  /** A stake: real money first, the rest from bonus money. */
  async betMovement(movement: GameMovement): Promise<Movement> {
    assertAmount(movement.amount);
    const [house, real, bonus] = await Promise.all([
      this.ledger.systemAccount('house', movement.currency),
      this.#real(movement),
      this.#bonus(movement),
    ]);
    return this.#movement(
      'bet',
      movement,
      [
        { account: real, amount: -movement.amount, tracked: true, fallback: bonus },
        { account: house, amount: movement.amount, tracked: false },
      ],
      movement,
    );
  }

  /** A win answering a booked bet (reference = the bet's key); unknown bets are the caller's check. */
  async win(movement: GameMovement & { reference: string }): Promise<Booking> {
    return this.ledger.book(await this.winMovement(movement));
  }

  /**
   * The house pays the win back in the bet's proportion of real to bonus money (ledger_win_legs,
   * packages/db/sql/functions/ledger_win_legs.sql, reads the bet's entries). A zero win moves nothing
   * and closes a lost round.
   */
  async winMovement(movement: GameMovement & { reference: string }): Promise<Movement> {
    if (movement.amount !== 0) assertAmount(movement.amount);
    const [house, real, bonus] = await Promise.all([
      this.ledger.systemAccount('house', movement.currency),
      this.#real(movement),
      this.#bonus(movement),
    ]);
    return this.#movement('win', movement, { house, real, bonus }, movement);
  }

  /**
   * A call that moves no money but belongs to the round's history: a free spin's bet (paid by its
   * grant), a rollback of a bet that never arrived.
   */
  async record(
    kind: 'bet' | 'rollback' | 'rollback_repeat',
    movement: Omit<GameMovement, 'amount'> & { reference?: string },
  ): Promise<Booking> {
    return this.ledger.book(this.recordMovement(kind, movement));
  }

  recordMovement(
    kind: 'bet' | 'rollback' | 'rollback_repeat',
    movement: Omit<GameMovement, 'amount'> & { reference?: string },
  ): Movement {
    return this.#movement(kind, { ...movement, amount: 0 }, [], movement);
  }

  /** Reverses a booked bet exactly, leg by leg. */
  async rollback(
    movement: Omit<GameMovement, 'amount'> & { reference: string },
    betEntries: Awaited<ReturnType<Ledger['entriesOf']>>,
  ): Promise<Booking> {
    const amount = betEntries.filter((entry) => !entry.tracked).reduce((sum, e) => sum + e.amount, 0);
    return this.ledger.book({
      key: movement.key,
      kind: 'rollback',
      playerId: movement.playerId,
      currency: movement.currency,
      amount,
      reference: movement.reference,
      round: movement.round,
      gameCode: movement.gameCode,
      fingerprint: {
        kind: 'rollback',
        player: movement.playerId,
        reference: movement.reference,
        ...movement.fingerprint,
      },
      legs: betEntries.map((entry) => ({
        account: entry.accountId,
        amount: -entry.amount,
        tracked: entry.tracked,
      })),
      ...(movement.result ? { result: movement.result } : {}),
    });
  }

  /**
   * A rollback that arrived before its bet: recorded under the bet's own key, so the late bet is
   * refused as a duplicate instead of taking money for a round the studio already cancelled.
   */
  async voidUnknownBet(movement: { key: string; playerId: string; currency: string; reference: string }) {
    return this.ledger.book({
      key: movement.reference,
      kind: 'voided_bet',
      playerId: movement.playerId,
      currency: movement.currency,
      amount: 0,
      reference: movement.key,
      fingerprint: { kind: 'voided_bet', reference: movement.reference },
      legs: [],
    });
  }
}
