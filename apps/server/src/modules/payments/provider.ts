/**
 * What the cashier needs from a payment service provider. The sandbox implements it; a real PSP is
 * one more adapter with the same four operations.
 */
export interface DepositStart {
  /** The provider's hosted payment page for this payment. */
  redirectUrl: string;
  providerReference: string;
}

export type PaymentEvent =
  | {
      type: 'payment.succeeded' | 'payout.paid';
      eventId: string;
      providerReference: string;
      paymentId: string;
      amount: number;
      currency: string;
    }
  | {
      type: 'payment.failed' | 'payout.failed';
      eventId: string;
      providerReference: string;
      paymentId: string;
      amount: number;
      currency: string;
      reason: string;
    };

export interface PaymentProvider {
  readonly name: string;
  startDeposit(payment: {
    id: string;
    amount: number;
    currency: string;
    returnUrl: string;
    language: 'en' | 'el';
  }): Promise<DepositStart>;
  startPayout(payment: {
    id: string;
    amount: number;
    currency: string;
  }): Promise<{ providerReference: string }>;
  /** The event a webhook carries, or null when its signature or freshness is wrong. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent | null;
}
