import type { Db } from '@chrysos/db';
import { and, eq, gte, sql } from 'drizzle-orm';
import * as studioSchema from '../storage/schema.ts';
import { type WalletClient, WalletUnavailable } from '../wallet/wallet-client.ts';

/** What a round needs to know of the player's money: take a stake, pay a win, give a stake back. */
export interface Purse {
  /** `n` numbers the round's stakes: 0 for the opening bet, then one per double or split. */
  stake(round: RoundRef, n: number, amount: number): Promise<StakeAnswer>;
  pay(round: RoundRef, amount: number): Promise<PayAnswer>;
  /** Gives back a stake whose fate is unknown; safe to repeat and safe for a stake never booked. */
  cancelStake(round: RoundRef, n: number): Promise<PayAnswer>;
  balance(): Promise<number | null>;
}

export interface RoundRef {
  id: string;
  titleId: string;
  freeGrant: string | null;
}

export type StakeAnswer =
  | { booked: true; balance: number }
  /** A definite refusal: nothing was taken. `reason` is the wallet's status. */
  | { booked: false; reason: string; balance?: number };

export type PayAnswer = { settled: true; balance: number | null } | { settled: false; reason: string };

/** Ids the wallet knows a round's transactions by: stable, so every retry is the same call. */
export const transactionIds = {
  stake: (round: string, n: number) => `${round}:bet:${n}`,
  win: (round: string) => `${round}:win`,
  rollback: (round: string, n: number) => `${round}:rollback:${n}`,
};

/** Real play: every movement is a signed wallet call; failures are retried inside the client. */
export class WalletPurse implements Purse {
  readonly #wallet: WalletClient;
  readonly #player: { user: string; token: string; currency: string };
  readonly #gameCode: string;

  constructor(
    wallet: WalletClient,
    player: { user: string; token: string; currency: string },
    gameCode: string,
  ) {
    this.#wallet = wallet;
    this.#player = player;
    this.#gameCode = gameCode;
  }

  async stake(round: RoundRef, n: number, amount: number): Promise<StakeAnswer> {
    const answer = await this.#wallet.bet(this.#player, {
      transaction: transactionIds.stake(round.id, n),
      round: round.id,
      gameCode: round.titleId,
      amount,
      free: round.freeGrant !== null && n === 0,
    });
    if (answer.status === 'RS_OK') return { booked: true, balance: answer.balance ?? 0 };
    return {
      booked: false,
      reason: answer.status,
      ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
    };
  }

  async pay(round: RoundRef, amount: number): Promise<PayAnswer> {
    const answer = await this.#wallet.win(this.#player, {
      transaction: transactionIds.win(round.id),
      reference: transactionIds.stake(round.id, 0),
      round: round.id,
      gameCode: round.titleId,
      amount,
      free: round.freeGrant !== null,
    });
    return answer.status === 'RS_OK'
      ? { settled: true, balance: answer.balance ?? null }
      : { settled: false, reason: answer.status };
  }

  async cancelStake(round: RoundRef, n: number): Promise<PayAnswer> {
    const answer = await this.#wallet.rollback(this.#player, {
      transaction: transactionIds.rollback(round.id, n),
      reference: transactionIds.stake(round.id, n),
      round: round.id,
      gameCode: round.titleId,
    });
    return answer.status === 'RS_OK'
      ? { settled: true, balance: answer.balance ?? null }
      : { settled: false, reason: answer.status };
  }

  async balance(): Promise<number | null> {
    try {
      const answer = await this.#wallet.balance(this.#player, this.#gameCode);
      return answer.status === 'RS_OK' ? (answer.balance ?? null) : null;
    } catch (error) {
      if (error instanceof WalletUnavailable) return null;
      throw error;
    }
  }
}

/** Demo play: a virtual balance on the demo session; the wallet is never called. */
export class DemoPurse implements Purse {
  readonly #db: Db;
  readonly #sessionHash: string;

  constructor(db: Db, sessionHash: string) {
    this.#db = db;
    this.#sessionHash = sessionHash;
  }

  async stake(_round: RoundRef, _n: number, amount: number): Promise<StakeAnswer> {
    const { studioSessions } = studioSchema;
    const [row] = await this.#db
      .update(studioSessions)
      .set({ demoBalance: sql`${studioSessions.demoBalance} - ${amount}` })
      .where(and(eq(studioSessions.idHash, this.#sessionHash), gte(studioSessions.demoBalance, amount)))
      .returning({ balance: studioSessions.demoBalance });
    if (row) return { booked: true, balance: row.balance ?? 0 };
    return { booked: false, reason: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: (await this.balance()) ?? 0 };
  }

  async pay(_round: RoundRef, amount: number): Promise<PayAnswer> {
    return { settled: true, balance: await this.#credit(amount) };
  }

  async cancelStake(): Promise<PayAnswer> {
    // A demo stake is taken in one local statement: it never has an unknown fate to undo.
    return { settled: true, balance: await this.balance() };
  }

  async balance(): Promise<number | null> {
    const { studioSessions } = studioSchema;
    const [row] = await this.#db
      .select({ balance: studioSessions.demoBalance })
      .from(studioSessions)
      .where(eq(studioSessions.idHash, this.#sessionHash));
    return row?.balance ?? null;
  }

  async #credit(amount: number): Promise<number | null> {
    const { studioSessions } = studioSchema;
    const [row] = await this.#db
      .update(studioSessions)
      .set({ demoBalance: sql`${studioSessions.demoBalance} + ${amount}` })
      .where(eq(studioSessions.idHash, this.#sessionHash))
      .returning({ balance: studioSessions.demoBalance });
    return row?.balance ?? null;
  }
}
