/** A payment as its events tell it. */
export interface PaymentFacts {
  paymentId: string;
  playerId: string;
  currency: string;
  /** Minor units. */
  amount: number;
  method: string;
}

/*
 * The cashier's events are its payments' status changes, each published in the transaction that
 * changes the status (and books the money, where money moves), so an event is there exactly when the
 * change is. They are not read from the ledger like the wallet's: payments are rare, off the booking
 * path, and their events carry what the ledger does not hold (the method, a bonus code, a reason).
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** The provider captured a deposit and the player's real balance has it. */
    'cashier.deposit_succeeded': PaymentFacts & { bonusCode: string | null };
    'cashier.deposit_failed': PaymentFacts & { reason: string | null };
    /** The player asked to cash out; the amount is held out of their real balance. */
    'cashier.withdrawal_requested': PaymentFacts;
    /** Approved (by an operator or below the automatic threshold); the payout is asked of the provider. */
    'cashier.withdrawal_approved': PaymentFacts;
    /** Cancelled by the player while pending; the held money is back. */
    'cashier.withdrawal_cancelled': PaymentFacts;
    /** Rejected by an operator while pending; the held money is back. */
    'cashier.withdrawal_rejected': PaymentFacts & { reason: string | null };
    /** The provider paid it out: the held money has left. */
    'cashier.withdrawal_paid': PaymentFacts;
    /** The provider could not pay it out; the held money is back. */
    'cashier.withdrawal_failed': PaymentFacts & { reason: string | null };
    /** An operator's balance adjustment was booked: the player's real balance moved by `amount` (signed). */
    'cashier.balance_adjusted': { adjustmentId: string; playerId: string; currency: string; amount: number };
  }
}
