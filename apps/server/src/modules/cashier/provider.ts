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

/**
 * What a webhook delivery turned out to be: an event, or refused because its signature is missing,
 * wrong or stale (nothing in it is trusted) or because, signed, it is no event this casino reads.
 */
export type WebhookCheck = { event: PaymentEvent } | { refused: 'signature' | 'event' };

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
  /** Checks a webhook delivery's signature and freshness first, then reads the event it carries. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookCheck;
}
