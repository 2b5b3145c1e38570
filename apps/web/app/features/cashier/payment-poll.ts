import type { Payment } from '@chrysos/contract';

/**
 * After the payment page sends the player back, the deposit is credited by the provider's webhook a
 * moment later: the payment is read every second until it is no longer pending, for up to 30 s.
 */
export type PaymentOutcome =
  | { kind: 'settled'; payment: Payment }
  | { kind: 'missing' }
  | { kind: 'timeout'; payment: Payment | null };

export async function waitForPayment(
  read: () => Promise<Payment | 'missing' | null>,
  options: {
    intervalMs?: number;
    timeoutMs?: number;
    signal?: AbortSignal;
    /** Each pending read, so the page can show what is known so far. */
    onPending?: (payment: Payment) => void;
  } = {},
): Promise<PaymentOutcome | null> {
  const intervalMs = options.intervalMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const started = Date.now();
  let last: Payment | null = null;
  for (;;) {
    if (options.signal?.aborted) return null;
    const found = await read().catch(() => null);
    if (options.signal?.aborted) return null;
    if (found === 'missing') return { kind: 'missing' };
    if (found) {
      last = found;
      if (found.status !== 'pending') return { kind: 'settled', payment: found };
      options.onPending?.(found);
    }
    if (Date.now() - started + intervalMs > timeoutMs) return { kind: 'timeout', payment: last };
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, intervalMs);
      options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}
