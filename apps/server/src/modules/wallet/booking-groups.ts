import type { Db } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import {
  type Booking,
  type BookingOutcome,
  type BookingTimer,
  Ledger,
  type Movement,
  type Now,
} from './ledger.ts';

/** A protocol bet or win, to book only if its game session (and, for a win, its bet) fits the call. */
export interface SessionCall {
  call: 'bet' | 'win';
  tokenHash: string;
  studio: string;
  movement: Movement;
}

/** Booked; or nothing done because the session or bet did not fit; or refused or failed, nothing done. */
export type CallOutcome = { booking: Booking } | { booked: false } | { error: Error };

interface Waiting {
  call: SessionCall;
  settle: (outcome: CallOutcome) => void;
}

/** The most calls in one group: each runs in a subtransaction, and PostgreSQL keeps 64 per backend cheap. */
const largestGroup = 32;

/**
 * Books protocol calls in groups (wallet_book_calls, packages/db/sql/functions/wallet_book_calls.sql):
 * while `concurrency` groups are being booked, calls that arrive wait and go together in the next one,
 * in one statement and one commit. A call that arrives when a slot is free goes at once, alone, so
 * grouping adds no wait when the wallet is quiet and saves a statement and a commit per call when it
 * is busy.
 */
export class BookingGroups {
  readonly #db: Db;
  readonly #concurrency: number;
  readonly #now: Now;
  readonly #timer: BookingTimer | undefined;
  #waiting: Waiting[] = [];
  #inFlight = 0;

  /**
   * `now`: the product's time, which decides the player's limits at bet time (the app's clock).
   * `timer`: times each call from its arrival, its wait for a group included, to its outcome.
   */
  constructor(db: Db, concurrency: number, now: Now = () => new Date(), timer?: BookingTimer) {
    this.#db = db;
    this.#concurrency = concurrency;
    this.#now = now;
    this.#timer = timer;
  }

  async book(call: SessionCall): Promise<CallOutcome> {
    const done = this.#timer?.();
    const outcome = await new Promise<CallOutcome>((settle) => {
      this.#waiting.push({ call, settle });
      this.#next();
    });
    done?.(outcomeOf(outcome));
    return outcome;
  }

  #next(): void {
    while (this.#inFlight < this.#concurrency && this.#waiting.length > 0) {
      const group = this.#waiting.splice(0, largestGroup);
      this.#inFlight++;
      void this.#send(group).finally(() => {
        this.#inFlight--;
        this.#next();
      });
    }
  }

  async #send(group: Waiting[]): Promise<void> {
    // Ordered by player, so groups in flight together lock players in one order and never deadlock.
    group.sort((a, b) => compare(a.call.movement.playerId ?? '', b.call.movement.playerId ?? ''));
    const now = new Date().toISOString();
    const clockNow = this.#now().toISOString();
    const calls = group.map(({ call }) => {
      const { legs, ...values } = Ledger.bookingValues(call.movement);
      return {
        call: call.call,
        token_hash: call.tokenHash,
        studio: call.studio,
        now,
        clock_now: clockNow,
        ...values,
        ...(Array.isArray(legs) ? { legs } : legs),
      };
    });
    try {
      const { rows } = (await this.#db.execute(
        sql`select wallet_book_calls(${JSON.stringify(calls)}::jsonb) as outcomes`,
      )) as unknown as {
        rows: { outcomes: ({ booking: Booking } | { booked: false } | { error: string })[] }[];
      };
      const outcomes = rows[0]?.outcomes ?? [];
      group.forEach(({ settle }, index) => {
        const outcome = outcomes[index];
        if (!outcome) settle({ error: new Error('wallet_book_calls gave no outcome') });
        else if ('error' in outcome) settle({ error: new Error(outcome.error) });
        else settle(outcome);
      });
    } catch (error) {
      // Nothing of the group was booked (the statement is one transaction): each call is told so.
      for (const { settle } of group)
        settle({ error: error instanceof Error ? error : new Error(String(error)) });
    }
  }
}

/**
 * A call its group did not book (its session or bet did not fit, it lost a race for its key) goes the
 * full way: `not_booked` here.
 */
function outcomeOf(outcome: CallOutcome): BookingOutcome {
  if ('booking' in outcome) return outcome.booking.status;
  if (!('error' in outcome) || Ledger.lostKeyRace(outcome.error)) return 'not_booked';
  return Ledger.refusal(outcome.error) ? 'refused' : 'failed';
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
