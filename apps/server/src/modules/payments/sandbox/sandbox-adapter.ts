import type { PaymentEvent, PaymentProvider } from '../provider.ts';
import { type SandboxPsp, sandboxSignatureHeader, verifyWebhookSignature } from './sandbox-psp.ts';

export const sandboxWebhookPath = '/api/payments/webhooks/sandbox';

/** The cashier's adapter for the sandbox PSP: the same shape a real provider's adapter has. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly #psp: SandboxPsp;

  constructor(psp: SandboxPsp) {
    this.#psp = psp;
  }

  async startDeposit(payment: {
    id: string;
    amount: number;
    currency: string;
    returnUrl: string;
    language: 'en' | 'el';
  }) {
    const created = await this.#psp.createPayment({
      merchantReference: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      returnUrl: payment.returnUrl,
      webhookUrl: sandboxWebhookPath,
      language: payment.language,
    });
    return { redirectUrl: created.hostedUrl, providerReference: created.id };
  }

  async startPayout(payment: { id: string; amount: number; currency: string }) {
    const created = await this.#psp.createPayout({
      merchantReference: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      webhookUrl: sandboxWebhookPath,
    });
    return { providerReference: created.id };
  }

  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): PaymentEvent | null {
    const header = headers[sandboxSignatureHeader];
    if (typeof header !== 'string' || !verifyWebhookSignature(header, rawBody, this.#psp.secret)) return null;
    let event: {
      id?: unknown;
      type?: unknown;
      data?: {
        id?: unknown;
        merchant_reference?: unknown;
        amount?: unknown;
        currency?: unknown;
        failure_reason?: unknown;
      };
    };
    try {
      event = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const data = event.data ?? {};
    if (
      typeof event.id !== 'string' ||
      typeof data.id !== 'string' ||
      typeof data.merchant_reference !== 'string' ||
      typeof data.amount !== 'number' ||
      typeof data.currency !== 'string'
    ) {
      return null;
    }
    const common = {
      eventId: event.id,
      providerReference: data.id,
      paymentId: data.merchant_reference,
      amount: data.amount,
      currency: data.currency,
    };
    switch (event.type) {
      case 'payment.succeeded':
      case 'payout.paid':
        return { type: event.type, ...common };
      case 'payment.failed':
      case 'payout.failed':
        return {
          type: event.type,
          ...common,
          reason: typeof data.failure_reason === 'string' ? data.failure_reason : 'Failed',
        };
      default:
        return null;
    }
  }
}
