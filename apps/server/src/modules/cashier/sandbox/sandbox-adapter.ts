import { oneLine } from '@chrysos/contract';
import { z } from 'zod';
import type { PaymentProvider, WebhookCheck } from '../provider.ts';
import { type SandboxPsp, sandboxSignatureHeader, verifyWebhookSignature } from './sandbox-psp.ts';

export const sandboxWebhookPath = '/api/payments/webhooks/sandbox';

const text = (max: number) => z.string().min(1).max(max).check(oneLine);
/** The events the sandbox sends; the merchant reference is the id of our payment. */
const sandboxEvent = z.object({
  id: text(200),
  type: z.enum(['payment.succeeded', 'payment.failed', 'payout.paid', 'payout.failed']),
  data: z.object({
    id: text(200),
    merchant_reference: z.uuid(),
    amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    currency: z.string().regex(/^[A-Z]{3,5}$/),
    failure_reason: text(500).optional(),
  }),
});

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

  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): WebhookCheck {
    const header = headers[sandboxSignatureHeader];
    if (typeof header !== 'string' || !verifyWebhookSignature(header, rawBody, this.#psp.secret)) {
      return { refused: 'signature' };
    }
    let parsed: ReturnType<typeof sandboxEvent.safeParse>;
    try {
      parsed = sandboxEvent.safeParse(JSON.parse(rawBody));
    } catch {
      return { refused: 'event' };
    }
    if (!parsed.success) return { refused: 'event' };
    const { id, type, data } = parsed.data;
    const common = {
      eventId: id,
      providerReference: data.id,
      paymentId: data.merchant_reference,
      amount: data.amount,
      currency: data.currency,
    };
    return type === 'payment.succeeded' || type === 'payout.paid'
      ? { event: { type, ...common } }
      : { event: { type, ...common, reason: data.failure_reason ?? 'Failed' } };
  }
}
